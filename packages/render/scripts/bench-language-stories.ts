import type { LanguageId } from "@reelsmith/core";

/** One story, told in each language (about 30 words of English). */
export const LANGUAGE_STORIES: Record<Exclude<LanguageId, "english">, string> = {
  spanish:
    "Mi vecino me pidió trescientos euros la semana pasada. Ya le había prestado dinero dos veces y nunca me lo devolvió. Esta vez le dije que no. ¿Hice mal?",
  portuguese:
    "Meu vizinho me pediu trezentos reais na semana passada. Eu já tinha emprestado dinheiro duas vezes e ele nunca devolveu. Desta vez eu disse que não. Errei?",
  french:
    "Mon voisin m'a demandé trois cents euros la semaine dernière. Je lui avais déjà prêté de l'argent deux fois, jamais rendu. Cette fois, j'ai dit non. Ai-je eu tort ?",
  german:
    "Mein Nachbar wollte letzte Woche dreihundert Euro von mir. Ich hatte ihm schon zweimal Geld geliehen und nie zurückbekommen. Diesmal habe ich nein gesagt. War das falsch?",
  italian:
    "Il mio vicino mi ha chiesto trecento euro la settimana scorsa. Gli avevo già prestato soldi due volte e non me li ha mai ridati. Questa volta ho detto di no. Ho sbagliato?",
  dutch:
    "Mijn buurman vroeg vorige week om driehonderd euro. Ik had hem al twee keer geld geleend en nooit teruggekregen. Deze keer zei ik nee. Was dat fout?",
  polish:
    "Sąsiad poprosił mnie w zeszłym tygodniu o trzysta złotych. Pożyczałem mu już dwa razy i nigdy nie oddał. Tym razem odmówiłem. Czy źle zrobiłem?",
  turkish:
    "Komşum geçen hafta benden üç yüz lira istedi. Ona daha önce iki kez borç vermiştim ve hiç geri ödemedi. Bu sefer hayır dedim. Yanlış mı yaptım?",
  russian:
    "На прошлой неделе сосед попросил у меня триста долларов. Я уже дважды давал ему в долг, и он ничего не вернул. В этот раз я отказал. Я был неправ?",
  arabic:
    "طلب مني جاري ثلاثمائة دولار الأسبوع الماضي. أقرضته مرتين من قبل ولم يرجع المال أبدا. هذه المرة قلت لا. هل أخطأت؟",
  hebrew:
    "השכן שלי ביקש ממני שלוש מאות שקל בשבוע שעבר. כבר הלוויתי לו פעמיים והוא אף פעם לא החזיר. הפעם אמרתי לא. טעיתי?",
  hindi:
    "पिछले हफ्ते मेरे पड़ोसी ने मुझसे तीन सौ रुपये मांगे। मैंने उसे पहले दो बार पैसे दिए थे और उसने कभी नहीं लौटाए। इस बार मैंने मना कर दिया। क्या मैंने गलत किया?",
  indonesian:
    "Tetangga saya minta tiga ratus ribu rupiah minggu lalu. Saya sudah dua kali meminjamkan uang dan tidak pernah dikembalikan. Kali ini saya bilang tidak. Apakah saya salah?",
  japanese:
    "先週、隣の人に三万円を貸してほしいと言われました。前にも二回貸して、一度も返してもらっていません。今回は断りました。私が悪いのでしょうか？",
  korean:
    "지난주에 이웃이 삼십만 원을 빌려 달라고 했어요. 전에도 두 번 빌려줬는데 한 번도 갚지 않았어요. 이번에는 거절했어요. 제가 잘못한 걸까요?",
  chinese: "上周邻居向我借三百块钱。我以前借给他两次，他一次都没还。这次我拒绝了。是我错了吗？",
};
