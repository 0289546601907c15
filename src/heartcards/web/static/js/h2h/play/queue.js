// The play page's requests, one at a time in the order the player asked: a tap sent while the last one is still on
// its way waits for it. <body data-busy> is set while any is pending (tests and benchmarks wait on it).

/**
 * @param {(error: unknown) => void} report what to do with a failure nobody else handles
 */
export function createQueue(report) {
  /** @type {Promise<unknown>} */
  let tail = Promise.resolve();
  let pending = 0;

  /**
   * @template T
   * @param {Promise<T>} promise
   * @returns {Promise<T>}
   */
  function track(promise) {
    pending += 1;
    document.body.dataset.busy = "true";
    const done = () => {
      pending -= 1;
      if (pending === 0) delete document.body.dataset.busy;
    };
    promise.then(done, done);
    return promise;
  }

  return {
    /** Nothing is waiting or running. */
    idle() {
      return pending === 0;
    },
    /**
     * Run `work` after every earlier piece; its failure is reported.
     * @param {() => unknown} work
     */
    run(work) {
      tail = track(tail.then(work).catch(report));
      return tail;
    },
    /**
     * Like run, but the caller sees the failure (the code dialog shows it in place).
     * @template T
     * @param {() => Promise<T>} work
     * @returns {Promise<T>}
     */
    runStrict(work) {
      const result = tail.then(work);
      tail = track(result.catch(() => null));
      return result;
    },
  };
}
