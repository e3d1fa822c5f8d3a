-- A Reddit avatar stored with a video is now one of the video's stored objects (an inline asset source):
-- its key moves from input.avatar_key to input.stored_objects.avatar.
UPDATE "generated_videos"
SET "input" = ("input" - 'avatar_key') || jsonb_build_object('stored_objects', jsonb_build_object('avatar', "input"->'avatar_key'))
WHERE "input" ? 'avatar_key';
