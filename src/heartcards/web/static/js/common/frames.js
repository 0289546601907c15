// Work a tap starts but its frame does not need (sending its move to the server) runs once that frame is drawn.

/** A page that draws no frames (hidden) runs the work after this many milliseconds instead. */
export const HIDDEN_PAGE_MS = 100;

/**
 * Run `work` once, just after the next frame is drawn: a task queued from an animation frame callback runs after
 * that frame's style, layout and paint. A hidden page gets no animation frames, so a timer runs it there.
 * @param {() => void} work
 */
export function afterNextFrame(work) {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    work();
  };
  requestAnimationFrame(() => setTimeout(run, 0));
  setTimeout(run, HIDDEN_PAGE_MS);
}
