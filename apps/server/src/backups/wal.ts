/*
 * Names of the files a PostgreSQL cluster archives (continuous archiving): 24 hexadecimal digits for a WAL
 * segment — timeline, then the segment number in two halves of 8 digits (with 16 MB segments the low half
 * runs 00000000…000000FF) — and `<timeline>.history` when a recovery starts a new timeline.
 */

export const WAL_SEGMENT = /^[0-9A-F]{24}$/
export const TIMELINE_HISTORY = /^[0-9A-F]{8}\.history$/

/** Whether a file name is one the archive keeps (a WAL segment or a timeline history). */
export const isArchiveFile = (name: string) => WAL_SEGMENT.test(name) || TIMELINE_HISTORY.test(name)

/** Segments of 16 MB (initdb's default, which Basalt's clusters keep): 256 per "log" number. */
const SEGMENTS_PER_LOG = 0x100000000 / (16 * 1024 * 1024)

/** The segment number of a WAL file name, across timelines. */
export function segmentNumber(name: string): number {
  return parseInt(name.slice(8, 16), 16) * SEGMENTS_PER_LOG + parseInt(name.slice(16, 24), 16)
}

export const timelineOf = (name: string) => parseInt(name.slice(0, 8), 16)

const hex8 = (n: number) => n.toString(16).toUpperCase().padStart(8, '0')

export function segmentName(timeline: number, segment: number): string {
  return hex8(timeline) + hex8(Math.floor(segment / SEGMENTS_PER_LOG)) + hex8(segment % SEGMENTS_PER_LOG)
}

/** The segment files from `first` to `last`, both included, on first's timeline. */
export function segmentsBetween(first: string, last: string): string[] {
  const timeline = timelineOf(first)
  const names: string[] = []
  for (let n = segmentNumber(first); n <= segmentNumber(last); n++) names.push(segmentName(timeline, n))
  return names
}
