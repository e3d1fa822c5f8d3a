import { Film, Loader } from "lucide-react";
import { Link } from "react-router";

import { EmptyState } from "@/components/empty-state";
import { PageHeader } from "@/components/page-header";
import { Button } from "@/components/ui/button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";

/** Finished Videos. The videos API lands in a later issue, so both lists are empty for now. */
export function FinishedVideos() {
  const processing = 0;
  const finished = 0;
  return (
    <div className="space-y-8">
      <PageHeader title="Finished Videos" description="Everything you have made, ready to play and download." />
      <Tabs defaultValue="processing" className="gap-6">
        <TabsList>
          <TabsTrigger value="processing" className="px-4">
            Processing ({processing})
          </TabsTrigger>
          <TabsTrigger value="finished" className="px-4">
            Finished ({finished})
          </TabsTrigger>
        </TabsList>
        <TabsContent value="processing">
          <EmptyState
            icon={Loader}
            title="Nothing is processing"
            description="Videos you create appear here while they render. It usually takes a few minutes."
            action={
              <Button asChild variant="brand" size="sm">
                <Link to="/create">Create a video</Link>
              </Button>
            }
          />
        </TabsContent>
        <TabsContent value="finished">
          <EmptyState
            icon={Film}
            title="No finished videos yet"
            description="When a video is ready you can play and download it from here."
            action={
              <Button asChild variant="brand" size="sm">
                <Link to="/create">Create a video</Link>
              </Button>
            }
          />
        </TabsContent>
      </Tabs>
    </div>
  );
}
