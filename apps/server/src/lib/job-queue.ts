/** Where a call sends work to the job queue (pg-boss, once the jobs have started); null with JOBS=false. */
export interface JobQueueRef {
  current: { send(name: string, data: object): Promise<unknown> } | null;
}
