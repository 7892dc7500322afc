#!/usr/bin/env python3
"""A minimal sanguosha bot in Python: joins a room and plays legal actions.

It speaks the server's WebSocket protocol (docs/protocol.md) with the `websockets` package and
nothing else: `hello` -> `welcome`, `join_room` -> `sync`, then it answers every prompt it is
sent (in `sync` and `update` messages) with an `act` naming the prompt's id. The answer is drawn
from the prompt's `choices`, which list exactly the legal answers, so the bot never needs to know
the rules. Replace `choose()` with something smarter.

    python3 bot.py --url ws://127.0.0.1:8080/ws --room CODE [--name NAME] [--seat N]
                   [--password P] [--games N] [--strategy random|first] [--seed S]

Exit code 0 when the room closes, the bot is kicked, the server shuts down or --games games are
played; 1 on errors (cannot connect, the room refused the bot, version mismatch).
"""

import argparse
import asyncio
import json
import random
import sys

try:  # websockets >= 13
    from websockets.asyncio.client import connect
except ImportError:  # older releases
    from websockets import connect

PROTOCOL_VERSION = 2


def choose(choices, rng, strategy):
    """A legal answer (an `Action`) to a prompt's `choices`."""
    if choices["type"] == "actions":
        # Exactly one of the listed actions ("pass" is listed when passing is allowed).
        actions = choices["actions"]
        return actions[0] if strategy == "first" else rng.choice(actions)
    if choices["type"] == "cards":
        # Between min and max distinct cards of `from`, or pass when allowed.
        if choices["can_pass"] and (choices["min"] == 0 or strategy == "first"):
            return {"type": "pass"}
        count = choices["min"] if strategy == "first" else rng.randint(choices["min"], choices["max"])
        cards = choices["from"][:count] if strategy == "first" else rng.sample(choices["from"], count)
        return {"type": "cards", "cards": cards}
    if choices["type"] == "arrange":
        # 观星: every card, split between the top and the bottom of the draw pile.
        return {"type": "arrange", "top": list(choices["cards"]), "bottom": []}
    raise ValueError(f"unknown choices {choices['type']}")


async def play(args):
    rng = random.Random(args.seed)
    next_id = 0
    answered = None  # the last prompt id answered
    games = 0
    acted = 0

    async with connect(args.url) as ws:

        async def send(message):
            nonlocal next_id
            next_id += 1
            message["id"] = next_id
            await ws.send(json.dumps(message))
            return next_id

        async def receive():
            return json.loads(await ws.recv())

        await ws.send(json.dumps({"type": "hello", "version": PROTOCOL_VERSION, "name": args.name}))
        welcome = await receive()
        if welcome["type"] != "welcome":
            raise RuntimeError(f"{welcome.get('code')}: {welcome.get('message')}")
        join = {"type": "join_room", "room": args.room}
        if args.seat is not None:
            join["seat"] = args.seat
        if args.password is not None:
            join["password"] = args.password
        join_id = await send(join)

        while True:
            msg = await receive()
            kind = msg["type"]
            if kind == "error":
                if msg.get("id") == join_id:
                    raise RuntimeError(f"cannot join: {msg['code']}: {msg['message']}")
                if msg["code"] not in ("stale_prompt", "not_your_turn"):
                    print(f"python-bot: refused: {msg['code']}: {msg['message']}", file=sys.stderr)
            elif kind in ("sync", "update"):
                pending = msg.get("prompt")
                if pending and pending["prompt_id"] != answered:
                    answered = pending["prompt_id"]
                    prompt = pending["prompt"]
                    action = choose(prompt["choices"], rng, args.strategy)
                    await send({"type": "act", "seat": prompt["seat"], "action": action,
                                "prompt_id": answered})
                    acted += 1
            elif kind == "game_over":
                games += 1
                print(f"python-bot: game over, winner {msg['outcome']['winner']}", flush=True)
                if args.games is not None and games >= args.games:
                    await send({"type": "leave_room"})
                    return "played", games, acted
            elif kind == "left_room":
                return msg["reason"], games, acted
            elif kind == "shutdown":
                return "shutdown", games, acted


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", default="ws://127.0.0.1:8080/ws")
    parser.add_argument("--room", required=True)
    parser.add_argument("--name", default="python-bot")
    parser.add_argument("--seat", type=int)
    parser.add_argument("--password")
    parser.add_argument("--games", type=int, help="leave after this many games")
    parser.add_argument("--strategy", choices=["random", "first"], default="random")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    try:
        reason, games, acted = asyncio.run(play(args))
    except Exception as error:  # connection refused, refused join, closed connection ...
        print(f"python-bot: error: {error}", file=sys.stderr)
        return 1
    print(f"python-bot: done ({reason}) after {games} game(s), {acted} answer(s)", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
