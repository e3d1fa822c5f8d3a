/**
 * Every user-facing string the product shows, in one place. Wording taken from the product
 * specification where it has one; the server and the web both import from here and tests
 * assert against these values.
 */
export const messages = {
  common: {
    loading: "Loading...",
    somethingWentWrong: "Something went wrong.",
    notFoundTitle: "Oops! Page not found",
    returnHome: "Return to Home",
    unexpectedError: "Unexpected Application Error",
    networkError: "Could not reach the server. Check your connection and try again.",
    tryAgain: "Try again",
    reloadPage: "Reload page",
    accountLoadFailed: "We could not load your account.",
  },
  auth: {
    signIn: "Sign In",
    signUp: "Sign Up",
    signOut: "Sign Out",
    emailInvalid: "Enter a valid e-mail address.",
    emailRequired: "E-mail is required.",
    passwordRequired: "Password is required.",
    passwordTooShort: "Password must be at least 8 characters.",
    passwordTooLong: "Password must be at most 128 characters.",
    passwordWeak: "Use at least one letter and one number in your password.",
    nameTooLong: "Name must be at most 80 characters.",
    emailTaken: "An account with this e-mail already exists. Sign in instead.",
    invalidCredentials: "Wrong e-mail or password.",
    tooManyAttempts: "Too many attempts. Please wait a minute and try again.",
    unauthorized: "Please sign in to continue.",
    signOutFailed: "Could not reach the server; you have been signed out on this device.",
    startFreeTrial: "Start Free Trial",
    passwordHint: "At least 8 characters, with a letter and a number",
    noCreditCard: "No credit card required",
    freeCreditsOnSignUp: (n: number) => `${n} free credits when you sign up`,
  },
  credits: {
    available: (n: number) => `${n} ${n === 1 ? "credit" : "credits"} available`,
    remaining: (n: number) => `${n} remaining`,
    insufficientTitle: "Insufficient Credits",
    insufficientToast: "You don't have enough credits to create this video.",
    insufficientDialog: "You don't have enough credits to generate this video.",
    insufficient: "Insufficient credits",
  },
  subscription: {
    active: "Active",
    inactive: "Inactive",
    none: "No Subscription",
    freePlan: "Free Plan",
    managePlan: "Manage Plan",
    upgradePlan: "Upgrade Plan",
    topUp: "Top Up Credits",
  },
  videos: {
    signedOut: "Please sign in to view your videos.",
    mayTakeFewMinutes: "This may take a few minutes.",
  },
  promo: {
    text: "Use code HALFOFFWOW for 50% off any tier — limited time.",
  },
  comingLater: {
    topUp: "Credit top-ups open with billing.",
    affiliate: "The affiliate programme opens soon.",
    builder: "This builder opens soon.",
    support: "Help & Support opens soon.",
    checkout: "Checkout opens soon, with billing.",
    contact: "The contact page opens soon.",
  },
  shell: {
    dashboard: "Dashboard",
    openMenu: "Open menu",
    closeMenu: "Close menu",
    accountMenu: "Account menu",
  },
  home: {
    welcome: (name: string) => `Welcome back, ${name}`,
    noVideos: "No videos yet",
  },
} as const;

export type Messages = typeof messages;
