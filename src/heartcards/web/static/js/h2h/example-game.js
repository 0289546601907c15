// The won game of HH1-N-AAAAAAM that the Examples and Rules pages show. Nine draws bring the stock's first 4 onto the
// waste and move 10 pairs it with the point, as the rules' example says; the rest is the shortest win from there
// (found with the engine: 88 moves, as few as the optimal solution). tests/web/browser/h2h/test_pages.py replays it.

export const EXAMPLE_CODE = "HH1-N-AAAAAAM";
export const EXAMPLE_MOVES = (
  "S S S S S S S S S 25-W S S S S S S S S S S S S S S S 23-W 20-W 24-W S 16-22 21-W S S S 11-W S S S " +
  "17-W S S 5-W S S S S S S S S S S S 12-18 6-W S S S 13-W S S 7-W S S S S S 1-W S S S S S 2-19 14-15 " +
  "8-9 3-W S S S S S S 10-W S S S 4-W"
).split(" ");
export const CALLOUT_MOVE = 10;
