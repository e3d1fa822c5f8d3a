import { type Account, messages, NAME_MAX_LENGTH } from "@reelsmith/core";
import { Camera, Trash2 } from "lucide-react";
import { type ChangeEvent, type FormEvent, useId, useRef, useState } from "react";
import { toast } from "sonner";

import { UserAvatar } from "@/components/layout/user-avatar";
import { Spinner } from "@/components/spinner";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { useUpdateProfile } from "../api/update-profile";
import { AvatarError, resizeAvatar } from "../lib/resize-avatar";

/** Profile: avatar (resized in the browser to a 256 px WebP), name and the e-mail address. */
export function ProfileCard({ account }: { account: Account }) {
  const { user } = account;
  const update = useUpdateProfile();
  const fileRef = useRef<HTMLInputElement>(null);
  const nameId = useId();
  const [name, setName] = useState(user.name);
  const [nameError, setNameError] = useState<string | null>(null);

  const saveName = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) {
      setNameError(messages.settings.nameRequired);
      return;
    }
    if (trimmed.length > NAME_MAX_LENGTH) {
      setNameError(messages.auth.nameTooLong);
      return;
    }
    setNameError(null);
    update.mutate(
      { name: trimmed },
      {
        onSuccess: () => toast.success(messages.settings.profileSaved),
        onError: (error) => setNameError(error.message || messages.settings.profileSaveFailed),
      },
    );
  };

  const pickAvatar = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    try {
      const image = await resizeAvatar(file);
      await update.mutateAsync({ image });
      toast.success(messages.settings.profileSaved);
    } catch (error) {
      if (error instanceof AvatarError) toast.error(error.title, { description: error.message });
      else toast.error(error instanceof Error ? error.message : messages.settings.profileSaveFailed);
    }
  };

  return (
    <Card className="gap-5">
      <CardHeader>
        <CardTitle className="font-display text-lg">Profile</CardTitle>
        <CardDescription>How you appear in Reelsmith.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-5">
        <div className="flex items-center gap-4">
          <UserAvatar user={user} className="size-16 text-lg" />
          <div className="flex flex-wrap gap-2">
            <input
              ref={fileRef}
              type="file"
              accept="image/jpeg,image/png,image/webp"
              className="sr-only"
              aria-label="Upload a new avatar"
              onChange={(e) => void pickAvatar(e)}
            />
            <Button
              type="button"
              size="sm"
              variant="outline"
              disabled={update.isPending}
              onClick={() => fileRef.current?.click()}
            >
              <Camera aria-hidden="true" />
              {user.image ? "Change photo" : "Upload photo"}
            </Button>
            {user.image ? (
              <Button
                type="button"
                size="sm"
                variant="ghost"
                disabled={update.isPending}
                onClick={() => update.mutate({ image: null })}
              >
                <Trash2 aria-hidden="true" />
                Remove
              </Button>
            ) : null}
          </div>
        </div>
        <form onSubmit={saveName} className="space-y-2" noValidate>
          <Label htmlFor={nameId}>Name</Label>
          <div className="flex gap-2">
            <Input
              id={nameId}
              value={name}
              maxLength={NAME_MAX_LENGTH + 10}
              autoComplete="name"
              aria-invalid={nameError ? true : undefined}
              aria-describedby={nameError ? `${nameId}-error` : undefined}
              onChange={(e) => setName(e.target.value)}
            />
            <Button type="submit" variant="secondary" disabled={update.isPending || name.trim() === user.name}>
              {update.isPending ? <Spinner /> : null}
              Save
            </Button>
          </div>
          {nameError ? (
            <p id={`${nameId}-error`} role="alert" className="text-sm text-destructive">
              {nameError}
            </p>
          ) : null}
        </form>
        <div className="space-y-1">
          <p className="text-sm font-medium">E-mail</p>
          <p className="truncate text-sm text-muted-foreground">{user.email}</p>
        </div>
      </CardContent>
    </Card>
  );
}
