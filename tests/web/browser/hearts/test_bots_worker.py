"""The computer players in a real browser's Web Worker (static/js/hearts/bots/worker.js) decide what the Python bots
decide: positions sampled from the decision corpus, at each strength of the corpus, each with a fresh seed (so the
answer is not the corpus's but worked out now on both sides); a word that is not a strength is refused with its key;
the page keeps drawing frames while a bot thinks."""

from __future__ import annotations

import gzip
import json
import random
from pathlib import Path
from typing import Any

import pytest

from heartcards.hearts.bots import decide
from heartcards.hearts.engine import Game
from tests.web.conftest import LiveServer

pytestmark = pytest.mark.browser

CORPUS = Path(__file__).resolve().parents[3] / "corpus" / "hearts-decisions.jsonl.gz"
PER_STRENGTH = {"easy": 9, "normal": 8, "strong": 5}

ASK_WORKER = """async (cases) => {
  const { Game, CARD_TEXTS } = await import("/static/js/hearts/engine/index.js");
  const { BotWorker } = await import("/static/js/hearts/bots/bot-worker.js");
  const worker = new BotWorker();
  const answers = [];
  for (const { game, seat, strength, seed, budget } of cases) {
    const observation = Game.fromDict(game).observation(seat);
    const { cards } = await worker.decide(observation, strength, seed, budget);
    answers.push(cards.map((card) => CARD_TEXTS[card]));
  }
  worker.close();
  return answers;
}"""


def sampled_cases() -> list[dict[str, Any]]:
    with gzip.open(CORPUS, "rt", encoding="utf-8") as corpus:
        records = [json.loads(line) for line in corpus]
    rng = random.Random(34)
    cases = []
    for strength, count in PER_STRENGTH.items():
        asked = [record for record in records if record.get("strength") == strength]
        passes = [record for record in asked if record["observation"]["phase"] == "pass"]
        for record in [rng.choice(passes), *rng.sample(asked, count - 1)]:
            seed = rng.getrandbits(64)
            game = Game.from_dict({**record["game"], "seed": int(record["game"]["seed"])})
            choice = decide(game.observation(record["seat"]), strength, seed, record["budget"])
            cards = choice if isinstance(choice, tuple) else (choice,)
            cases.append(
                {
                    "game": record["game"],
                    "seat": record["seat"],
                    "strength": strength,
                    "seed": str(seed),
                    "budget": record["budget"],
                    "python": [card.text for card in cards],
                }
            )
    return cases


def test_the_worker_decides_what_the_python_bots_decide(page: Any, server: LiveServer) -> None:
    cases = sampled_cases()
    page.goto(server.url)
    answers = page.evaluate(ASK_WORKER, [{k: v for k, v in case.items() if k != "python"} for case in cases])
    mismatches = [
        (case["strength"], case["seat"], case["python"], answer)
        for case, answer in zip(cases, answers, strict=True)
        if answer != case["python"]
    ]
    assert mismatches == []
    assert {case["strength"] for case in cases} == set(PER_STRENGTH)


def test_a_decision_that_cannot_be_made_is_refused_with_its_key(page: Any, server: LiveServer) -> None:
    page.goto(server.url)
    refusal = page.evaluate(
        """async () => {
          const { Game } = await import("/static/js/hearts/engine/index.js");
          const { BotWorker } = await import("/static/js/hearts/bots/bot-worker.js");
          const worker = new BotWorker();
          const observation = new Game(7n, "classic", 100, 1).observation(0);
          try {
            await worker.decide(observation, "random", 1);
            return null;
          } catch (error) {
            return { name: error.name, key: error.key, params: error.params };
          } finally {
            worker.close();
          }
        }"""
    )
    assert refusal == {"name": "BotDecisionError", "key": "hearts.error.decision", "params": {"strength": "random"}}


def test_the_page_draws_frames_while_a_bot_thinks(page: Any, server: LiveServer) -> None:
    page.goto(server.url)
    frames = page.evaluate(
        """async () => {
          const { Game } = await import("/static/js/hearts/engine/index.js");
          const { BotWorker } = await import("/static/js/hearts/bots/bot-worker.js");
          const worker = new BotWorker();
          const observation = new Game(2026n, "classic", 100, 1).observation(0);
          let frames = 0;
          let counting = true;
          const count = () => { frames += 1; if (counting) requestAnimationFrame(count); };
          requestAnimationFrame(count);
          const { ms } = await worker.decide(observation, "expert", 5);
          counting = false;
          worker.close();
          return { frames, ms };
        }"""
    )
    # A pass at `expert` thinks for a good part of a second: on the page's own thread no frame would be drawn.
    assert frames["ms"] > 100 and frames["frames"] >= 2, frames
