import { Moon, Sun } from "lucide-react";

import { Button } from "@/components/ui/button";
import { useTheme } from "@/lib/theme";

export function themeToggleLabel(theme: "dark" | "light"): string {
  return theme === "dark" ? "Switch to light theme" : "Switch to dark theme";
}

export function ThemeToggle() {
  const { theme, toggleTheme } = useTheme();
  const label = themeToggleLabel(theme);
  return (
    <Button variant="ghost" size="icon" onClick={toggleTheme} aria-label={label} title={label}>
      {theme === "dark" ? <Sun /> : <Moon />}
    </Button>
  );
}
