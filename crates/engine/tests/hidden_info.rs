//! Hidden information over random games (design.md §3). A card in an owner-only pile (七星's
//! stars) is as hidden as a hand card: it may be the swapped card, and no other seat may be told
//! its id (W-QIXING-1).
//!
//! **Noninterference.** Take a random game at a random point and a viewer seat; build a second
//! game that differs only in something the viewer may not know — (a) a card in another seat's
//! hand swapped with a card deep in the draw pile, or (b) the roles of two other non-lord seats
//! swapped — and feed both the same actions. The viewer's filtered event stream (as JSON) and its
//! `View` must stay byte-identical until the difference is legitimately revealed: an event shows
//! the viewer one of the swapped cards, a swapped seat dies (its role is shown) or the game ends,
//! or an action that uses a swapped card is not legal in the other game.
//!
//! **Leaks.** After every action, for every seat and a spectator: no event carries the id of a
//! card that is in another seat's hand unless the viewer was shown it (it was in a face-up zone
//! or the viewer's hand, or the event is a public use, play or judgment, or a move the viewer
//! takes part in, a face-up show from a hand, or a private look at the draw pile granted by a
//! skill); and the serialized `View` names no card in another seat's hand and no role the viewer
//! may not know. In 国战 no event or view names another seat's face-down general, except
//! 知己知彼's look, to the seat that looked (H-VIS-3).
//!
//! `SGS_SIM_SCALE=n` multiplies the number of games for a soak run.

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::Value;
use sgs_engine::testing::{cases, Budget, Case};
use sgs_engine::view::redact;
use sgs_engine::{
    sim, testing, Action, CardId, Cause, Choices, Event, Game, GameConfig, Known, PromptKind, Role,
    Seat, SkillId, Visibility, Zone,
};

/// Seeds tried per game wanted, at least [`MIN_TRIES`] in all: a random game advanced at random
/// may be over, or offer nothing to perturb (a case whose share is one game — a variant, with
/// three seats and the attrition, say — must still find one).
const TRIES_PER_GAME: u64 = 2;
const MIN_TRIES: u64 = 12;

/// Perturbed games per kind of secret over every (case, seat count), shared by `testing::Budget`
/// (a variant of a case gets a quarter of a base case's share), times `SGS_SIM_SCALE`.
const NONINTERFERENCE_GAMES: u64 = 6_000;
/// Games watched from every seat over every (case, seat count), shared the same way.
const LEAK_GAMES: u64 = 2_000;
/// How many tests share each check (they run in parallel).
const SHARDS: usize = 3;
const MAX_ACTIONS: usize = 50_000;

/// Keys under which the wire types name cards (events, views, prompts, actions).
const CARD_KEYS: &[&str] = &[
    "card",
    "cards",
    "hand",
    "equip",
    "judge",
    "discard_pile",
    "processing",
    "top",
    "bottom",
];

/// Every card id a serialized value names.
fn card_ids(value: &Value) -> Vec<u16> {
    fn walk(value: &Value, naming_cards: bool, out: &mut Vec<u16>) {
        match value {
            Value::Number(n) if naming_cards => {
                out.push(n.as_u64().map_or(u16::MAX, |n| n as u16));
            }
            Value::Array(items) => items.iter().for_each(|v| walk(v, naming_cards, out)),
            Value::Object(fields) => {
                for (key, v) in fields {
                    walk(v, CARD_KEYS.contains(&key.as_str()), out);
                }
            }
            _ => {}
        }
    }
    let mut out = Vec::new();
    walk(value, false, &mut out);
    out
}

/// A view without its card table: the table is the same in every game of a ruleset and names
/// every card (by design, public), so comparing and scanning it would only cost time.
fn table_of(mut view: sgs_engine::View) -> sgs_engine::View {
    view.deck = sgs_engine::Deck::default();
    view
}

fn json<T: serde::Serialize>(value: &T) -> String {
    serde_json::to_string(value).unwrap_or_else(|e| panic!("serialize: {e}"))
}

fn seats(game: &Game) -> impl Iterator<Item = Seat> {
    (0..game.seat_count()).map(|i| Seat(i as u8))
}

fn config(players: u8, case: &Case) -> GameConfig {
    GameConfig {
        players,
        ruleset: case.ruleset.clone(),
        // Prompts that only allow passing are still asked: which seats are asked is public
        // (`View::waiting`), so skipping them would itself depend on hidden cards.
        auto_pass: false,
        ..GameConfig::default()
    }
}

// ---- noninterference ----------------------------------------------------------------------------

/// What differs between the two games.
#[derive(Debug)]
enum Secret {
    Cards(CardId, CardId),
    Roles(Seat, Seat),
    /// 国战: two seats' hidden generals.
    Duos(Seat, Seat),
}

impl Secret {
    /// Does this (viewer's) event or view show the difference?
    fn revealed_by(&self, text: &str) -> bool {
        let value: Value = serde_json::from_str(text).unwrap_or(Value::Null);
        match self {
            Secret::Cards(a, b) => card_ids(&value).iter().any(|id| *id == a.0 || *id == b.0),
            Secret::Roles(a, b) => {
                let kind = value.get("type").and_then(Value::as_str);
                let seat = value.get("seat").and_then(Value::as_u64);
                kind == Some("game_over")
                    || (kind == Some("died")
                        && seat.is_some_and(|s| s == u64::from(a.0) || s == u64::from(b.0)))
            }
            // A hidden general is shown by its reveal, its seat's death, or the game's end
            // (H-REV-5, H-DEATH-1, H-WIN-2); to one seat by 知己知彼 (H-VIS-3).
            Secret::Duos(a, b) => {
                let kind = value.get("type").and_then(Value::as_str);
                let is_ours = |key: &str| {
                    let seat = value.get(key).and_then(Value::as_u64);
                    seat.is_some_and(|s| s == u64::from(a.0) || s == u64::from(b.0))
                };
                let named = value.get("general").is_some_and(|g| !g.is_null());
                kind == Some("game_over")
                    || (is_ours("seat") && matches!(kind, Some("died" | "general_revealed")))
                    || (kind == Some("general_seen") && is_ours("target") && named)
            }
        }
    }

    /// Does `seat`'s `action` use the secret itself: one of the swapped cards, or (国战) a
    /// skill of its own hidden generals, which its owner may declare and which reveals them
    /// (H-REV-2)?
    fn used_by(&self, seat: Seat, action: &Action) -> bool {
        match self {
            Secret::Cards(a, b) => card_ids(&serde_json::to_value(action).unwrap_or(Value::Null))
                .iter()
                .any(|id| *id == a.0 || *id == b.0),
            // A swapped seat's skill, conversion, or card use made legal by a hidden general's
            // status skill (a second 杀 by a hidden 咆哮, H-REV-8) depends on its own generals.
            Secret::Duos(a, b) => {
                (seat == *a || seat == *b)
                    && matches!(action, Action::Skill { .. } | Action::Card { .. })
            }
            Secret::Roles(..) => false,
        }
    }
}

/// Plays `original` and `perturbed` in lockstep with random actions chosen in `original`, and
/// checks that `viewer` cannot tell them apart until `secret` is revealed.
fn lockstep(
    mut original: Game,
    mut perturbed: Game,
    viewer: Seat,
    secret: &Secret,
    rng: &mut ChaCha8Rng,
    context: &str,
) {
    assert_eq!(
        json(&table_of(original.view(viewer))),
        json(&table_of(perturbed.view(viewer))),
        "{context}: views differ before any action"
    );
    while !original.is_over() && original.action_count() < MAX_ACTIONS {
        let Some(prompt) = sim::random_prompt(&original, rng) else {
            panic!("{context}: nobody is asked anything");
        };
        let seat = prompt.seat;
        let action = sim::random_action(prompt, rng);
        if let Err(e) = perturbed.check(seat, &action) {
            assert!(
                secret.used_by(seat, &action),
                "{context}: {action:?} of {seat} is legal in one game only ({e}) but uses \
                 neither swapped card: the prompts depend on what {viewer} may not know"
            );
            return;
        }
        let a = original.act(seat, action.clone());
        let b = perturbed.act(seat, action.clone());
        let (Ok(a), Ok(b)) = (a, b) else {
            panic!("{context}: {action:?} of {seat} rejected");
        };
        let a: Vec<String> = a.for_viewer(Some(viewer)).iter().map(json).collect();
        let b: Vec<String> = b.for_viewer(Some(viewer)).iter().map(json).collect();
        let reveal = |events: &[String]| events.iter().position(|e| secret.revealed_by(e));
        let cut = match (reveal(&a), reveal(&b)) {
            (Some(x), Some(y)) => Some(x.min(y)),
            (x, y) => x.or(y),
        };
        let upto = cut.unwrap_or(a.len().max(b.len()));
        for i in 0..upto {
            assert_eq!(
                a.get(i),
                b.get(i),
                "{context}: event {i} after {action:?} of {seat} differs for {viewer} \
                 before {secret:?} was revealed"
            );
        }
        if cut.is_some() {
            return;
        }
        let (va, vb) = (
            json(&table_of(original.view(viewer))),
            json(&table_of(perturbed.view(viewer))),
        );
        if secret.revealed_by(&va) || secret.revealed_by(&vb) {
            return;
        }
        assert_eq!(
            va, vb,
            "{context}: {viewer}'s view differs after {action:?} of {seat} before {secret:?} \
             was revealed"
        );
    }
}

/// A random game advanced a random number of actions (not over).
fn advanced(players: u8, case: &Case, seed: u64, rng: &mut ChaCha8Rng) -> Option<Game> {
    let mut game = Game::new(config(players, case), seed).ok()?;
    let steps = rng.gen_range(0..400);
    while game.action_count() < steps && !game.is_over() {
        let prompt = sim::random_prompt(&game, rng)?;
        let seat = prompt.seat;
        let action = sim::random_action(prompt, rng);
        game.act(seat, action).ok()?;
    }
    (!game.is_over()).then_some(game)
}

fn noninterference_cards(players: u8, case: &Case, games: u64) {
    let mut tested = 0;
    for seed in 0..(games * TRIES_PER_GAME).max(MIN_TRIES) {
        if tested == games {
            break;
        }
        let seed = seed + u64::from(players) * 10_000;
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let Some(original) = advanced(players, case, seed, &mut rng) else {
            continue;
        };
        let viewer = Seat(rng.gen_range(0..players));
        let holders: Vec<Seat> = seats(&original)
            .filter(|s| !sees_hand(&original, Some(viewer), *s) && !original.hand(*s).is_empty())
            .collect();
        let pile = &original.table().draw_pile;
        // "Deep": the bottom half of the draw pile (its top is the last element).
        if holders.is_empty() || pile.len() < 8 {
            continue;
        }
        let Some(holder) = holders.choose(&mut rng).copied() else {
            continue;
        };
        // A card a pending prompt offers (仁德's choice of hand cards, say) was chosen from the
        // hand before the swap; moving it would build a game no play can reach.
        let offered: Vec<u16> = original
            .prompts()
            .iter()
            .flat_map(|p| match &p.choices {
                Choices::Cards { from, .. } => from.iter().map(|c| c.0).collect(),
                other => card_ids(&serde_json::to_value(other).unwrap_or(Value::Null)),
            })
            .collect();
        let movable: Vec<CardId> = original
            .hand(holder)
            .iter()
            .chain(swappable_pile_cards(&original, holder).iter())
            .copied()
            .filter(|c| !offered.contains(&c.0))
            .collect();
        let Some(hand_card) = movable.choose(&mut rng).copied() else {
            continue;
        };
        let deep_card = pile[rng.gen_range(0..pile.len() / 2)];
        let mut perturbed = original.clone();
        testing::swap_cards(&mut perturbed, hand_card, deep_card);
        if let Err(e) = perturbed.table().check_conservation() {
            panic!("swap_cards broke the table: {e}");
        }
        let secret = Secret::Cards(hand_card, deep_card);
        let context = format!(
            "{players} players, {}, seed {seed}, viewer {viewer}, {holder}'s {secret:?}",
            case.name
        );
        lockstep(original, perturbed, viewer, &secret, &mut rng, &context);
        tested += 1;
    }
    assert!(
        tested > 0,
        "{players} players, {}: no game to perturb",
        case.name
    );
}

fn noninterference_roles(players: u8, case: &Case, games: u64) {
    let mut tested = 0;
    for seed in 0..(games * TRIES_PER_GAME).max(MIN_TRIES) {
        if tested == games {
            break;
        }
        let seed = seed + u64::from(players) * 10_000 + 5_000;
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let Some(original) = advanced(players, case, seed, &mut rng) else {
            continue;
        };
        let viewer = Seat(rng.gen_range(0..players));
        let hidden: Vec<Seat> = seats(&original)
            .filter(|s| {
                *s != viewer
                    && original.seat(*s).alive
                    && !original.seat(*s).role_shown
                    && !public_role(&original, original.seat(*s).role)
            })
            .collect();
        let pairs: Vec<(Seat, Seat)> = hidden
            .iter()
            .flat_map(|a| hidden.iter().map(move |b| (*a, *b)))
            .filter(|(a, b)| a < b && original.seat(*a).role != original.seat(*b).role)
            .collect();
        let Some((a, b)) = pairs.choose(&mut rng).copied() else {
            continue;
        };
        let mut perturbed = original.clone();
        testing::swap_roles(&mut perturbed, a, b);
        let secret = Secret::Roles(a, b);
        let context = format!(
            "{players} players, {}, seed {seed}, viewer {viewer}, {secret:?}",
            case.name
        );
        lockstep(original, perturbed, viewer, &secret, &mut rng, &context);
        tested += 1;
    }
    // Two seats can only be told apart by role from four players up (2: one non-lord; 3: the
    // viewer may be one of the two).
    // Modes whose roles are all public have none to swap.
    let secret_roles = !matches!(
        case.ruleset.mode.as_str(),
        "doudizhu" | "2v2" | "1v1" | "3v3" | "hegemony"
    );
    assert!(
        players < 4 || !secret_roles || tested > 0,
        "{players} players: no roles to swap"
    );
}

/// 国战 (H-HID-4): two other seats whose generals are all face down, with the same HP, exchange
/// their generals; the viewer must not tell until one of them is shown.
fn noninterference_duos(players: u8, case: &Case, games: u64) {
    if case.ruleset.mode != "hegemony" {
        return;
    }
    let mut tested = 0;
    // Random play reveals most generals in the first round (the more so the more skills the
    // roster has to declare): more tries find a table with two hidden seats of the same HP.
    for seed in 0..(games * TRIES_PER_GAME * 10).max(MIN_TRIES * 12) {
        if tested == games {
            break;
        }
        let seed = seed + u64::from(players) * 10_000 + 9_000;
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let Some(original) = advanced(players, case, seed, &mut rng) else {
            continue;
        };
        let viewer = Seat(rng.gen_range(0..players));
        let halves = |seat: Seat| {
            original
                .duo(seat)
                .map(|d| original.general(d.main).halves + original.general(d.deputy).halves)
        };
        let hidden: Vec<Seat> = seats(&original)
            .filter(|s| {
                *s != viewer
                    && original.seat(*s).alive
                    && original
                        .duo(*s)
                        .is_some_and(|d| d.offer.is_empty() && !d.is_determined())
            })
            .collect();
        // A seat asked now, or whose turn it is, may be answering a question built from its
        // own generals (an order of its pre-shown triggers, say) before the swap: a game no play
        // can reach. Swap seats that wait.
        let waiting =
            |s: Seat| s != original.turn().seat && !original.prompts().iter().any(|p| p.seat == s);
        let pairs: Vec<(Seat, Seat)> = hidden
            .iter()
            .copied()
            .filter(|s| waiting(*s))
            .flat_map(|a| hidden.iter().map(move |b| (a, *b)))
            .filter(|(a, b)| a < b && waiting(*b) && halves(*a) == halves(*b))
            .collect();
        let Some((a, b)) = pairs.choose(&mut rng).copied() else {
            continue;
        };
        // A seat that pre-showed a general's triggers (预亮) chose to let their questions be
        // seen (H-REV-10, decision 0018): the two seats pre-show nothing, in both games.
        let mut original = original;
        testing::without_preshow(&mut original, a);
        testing::without_preshow(&mut original, b);
        let mut perturbed = original.clone();
        testing::swap_duos(&mut perturbed, a, b);
        let secret = Secret::Duos(a, b);
        let context = format!(
            "{players} players, {}, seed {seed}, viewer {viewer}, {secret:?}",
            case.name
        );
        lockstep(original, perturbed, viewer, &secret, &mut rng, &context);
        tested += 1;
    }
    assert!(
        players < 4 || tested > 0,
        "{players} players: no hidden generals to swap"
    );
}

// ---- leaks --------------------------------------------------------------------------------------

/// Is `role` shown to everyone from the deal, by the mode's rule text? Identity: the lord's
/// (M-ID-1); 斗地主, 2v2, 1v1 and 3v3: every role (M-DDZ-1, M-2V2-1, M-1V1-1, M-3V3-1); 国战
/// deals none (H-COMP-4: a label everyone has).
fn public_role(game: &Game, role: Role) -> bool {
    match game.ruleset().mode.as_str() {
        "doudizhu" | "2v2" | "1v1" | "3v3" | "hegemony" => true,
        _ => role == Role::Lord,
    }
}

/// Does `viewer` see `owner`'s hand, by the mode's rule text? Its own; in 2v2 also its
/// partner's (seats 1 and 4, 2 and 3: M-2V2-4).
fn sees_hand(game: &Game, viewer: Option<Seat>, owner: Seat) -> bool {
    let Some(viewer) = viewer else { return false };
    viewer == owner || (game.ruleset().mode == "2v2" && viewer.0 + owner.0 == 3)
}

/// The cards of `owner`'s owner-only piles that may be swapped: none while a skill is midway
/// through using them (七星's exchange, 大雾: the stars named in an answer already given are held
/// by the skill, so swapping one would build a game no play can reach).
fn swappable_pile_cards(game: &Game, owner: Seat) -> Vec<CardId> {
    let using_stars = game.prompts().iter().any(|p| {
        matches!(p.kind, PromptKind::Choose { cause: Cause::Skill(skill) }
            if matches!(skill, SkillId::Qixing | SkillId::Dawu))
    });
    if using_stars {
        return Vec::new();
    }
    hidden_piles(game, owner)
}

/// The cards of `owner`'s owner-only piles (七星's stars).
fn hidden_piles(game: &Game, owner: Seat) -> Vec<CardId> {
    game.table().seats[owner.index()]
        .piles
        .iter()
        .filter(|p| p.visibility == Visibility::Owner)
        .flat_map(|p| p.cards.iter().copied())
        .collect()
}

/// Is `card` hidden from `viewer` where it lies: in a hand it does not see, or in an owner-only
/// pile not its own? Names the owner if so.
fn hidden_from(game: &Game, card: CardId, viewer: Option<Seat>) -> Option<Seat> {
    match game.table().zone_of(card) {
        Zone::Hand(owner) if !sees_hand(game, viewer, owner) => Some(owner),
        Zone::Pile { owner, .. }
            if Some(owner) != viewer && hidden_piles(game, owner).contains(&card) =>
        {
            Some(owner)
        }
        _ => None,
    }
}

/// Is `event` a legitimate way for `viewer` to see the cards it names?
fn shows(game: &Game, event: &Event, viewer: Option<Seat>) -> bool {
    let owns = |zone: &Zone| match zone {
        Zone::Hand(s) => sees_hand(game, viewer, *s),
        Zone::Equip(s) | Zone::Judge(s) | Zone::Pile { owner: s, .. } => Some(*s) == viewer,
        _ => false,
    };
    match event {
        Event::CardUsed { .. }
        | Event::CardPlayed { .. }
        | Event::Judged { .. }
        | Event::CardRecast { .. } => true,
        // 展示 (火攻): shown to its audience, face up.
        Event::CardsShown { to, .. } => to.includes(viewer),
        Event::CardsMoved {
            from, to, known, ..
        } => {
            known.includes(viewer)
                && (to.is_public()
                    || from.iter().any(|z| z.is_public())
                    || owns(to)
                    || from.iter().any(owns)
                    || (*known == Known::All && from.iter().any(|z| matches!(z, Zone::Hand(_))))
                    || (matches!(known, Known::Seats(_)) && from.contains(&Zone::DrawPile)))
        }
        _ => false,
    }
}

fn check_view(game: &Game, viewer: Option<Seat>, context: &str) {
    let view = match viewer {
        Some(seat) => table_of(game.view(seat)),
        None => table_of(game.view_spectator()),
    };
    let value = serde_json::to_value(&view).unwrap_or(Value::Null);
    for id in card_ids(&value) {
        if let Some(owner) = hidden_from(game, CardId(id), viewer) {
            panic!("{context}: the view of {viewer:?} names card {id}, hidden in {owner}'s hand or pile");
        }
    }
    let Some(seat_views) = value.get("seats").and_then(Value::as_array) else {
        panic!("{context}: view without seats");
    };
    for (seat, seat_view) in seats(game).zip(seat_views) {
        let state = game.seat(seat);
        let may_know = Some(seat) == viewer
            || public_role(game, state.role)
            || !state.alive
            || state.role_shown
            || game.is_over();
        let role = seat_view.get("role").filter(|r| !r.is_null());
        if !may_know {
            assert!(
                role.is_none(),
                "{context}: the view of {viewer:?} shows {seat}'s hidden role"
            );
        }
        if !sees_hand(game, viewer, seat) {
            assert!(
                seat_view.get("hand").is_none_or(Value::is_null),
                "{context}: the view of {viewer:?} lists {seat}'s hand"
            );
        }
    }
    // 国战 (H-HID-4): another seat's face-down general is named nowhere in the view.
    if game.duos().is_empty() {
        return;
    }
    let text = json(&value);
    for seat in seats(game).filter(|s| Some(*s) != viewer && !game.is_over()) {
        let Some(duo) = game.duo(seat).filter(|d| d.offer.is_empty()) else {
            continue;
        };
        for (general, shown) in [(duo.main, duo.main_shown), (duo.deputy, duo.deputy_shown)] {
            let name = json(&general);
            assert!(
                shown || !text.contains(&name),
                "{context}: the view of {viewer:?} names {seat}'s hidden general {name}"
            );
        }
    }
}

/// 国战 (H-HID-4, H-VIS-3): does this event, as `viewer` receives it, name another seat's
/// face-down general — other than to the seat that looked at it with 知己知彼?
fn names_a_hidden_general(game: &Game, event: &Event, value: &Value, viewer: Option<Seat>) -> bool {
    if game.duos().is_empty() {
        return false;
    }
    let text = json(value);
    seats(game).filter(|s| Some(*s) != viewer).any(|seat| {
        let looked = matches!(event, Event::GeneralSeen { seat: by, target, .. }
                if Some(*by) == viewer && *target == seat);
        game.duo(seat)
            .filter(|d| d.offer.is_empty() && !looked)
            .is_some_and(|d| {
                [(d.main, d.main_shown), (d.deputy, d.deputy_shown)]
                    .iter()
                    .any(|(g, shown)| !shown && text.contains(&json(g)))
            })
    })
}

fn leak_check(players: u8, case: &Case, games: u64) {
    for seed in 0..games {
        let seed = seed + u64::from(players) * 10_000 + 7_000;
        let context = format!("{players} players, {}, seed {seed}", case.name);
        let mut game = Game::new(config(players, case), seed).unwrap_or_else(|e| panic!("{e}"));
        let viewers: Vec<Option<Seat>> = seats(&game).map(Some).chain([None]).collect();
        let total = game.table().location.len();
        let mut seen = vec![vec![false; total]; viewers.len()];
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut events = game.take_events().0;
        loop {
            for (v, viewer) in viewers.iter().enumerate() {
                for event in &events {
                    let Some(redacted) = redact(event, *viewer) else {
                        continue;
                    };
                    let value = serde_json::to_value(&redacted).unwrap_or(Value::Null);
                    assert!(
                        !names_a_hidden_general(&game, event, &value, *viewer),
                        "{context}, action {}: {viewer:?} is told another seat's hidden \
                         general: {event:?}",
                        game.action_count()
                    );
                    for id in card_ids(&value) {
                        let index = id as usize;
                        if index >= total || seen[v][index] {
                            continue;
                        }
                        if shows(&game, event, *viewer) {
                            seen[v][index] = true;
                            continue;
                        }
                        if let Some(owner) = hidden_from(&game, CardId(id), *viewer) {
                            panic!(
                                "{context}, action {}: {viewer:?} is told card {id}, hidden in \
                                 {owner}'s hand or pile and never shown to it: {event:?}",
                                game.action_count()
                            );
                        }
                    }
                }
                // What the viewer sees on the table now, it has been shown.
                for (index, zone) in game.table().location.iter().enumerate() {
                    let own = matches!(zone, Zone::Hand(s) if sees_hand(&game, *viewer, *s));
                    if zone.is_public() || own {
                        seen[v][index] = true;
                    }
                }
                check_view(&game, *viewer, &context);
            }
            if game.is_over() || game.action_count() >= MAX_ACTIONS {
                break;
            }
            let Some(prompt) = sim::random_prompt(&game, &mut rng) else {
                panic!("{context}: nobody is asked anything");
            };
            let seat = prompt.seat;
            let action = sim::random_action(prompt, &mut rng);
            events = match game.act(seat, action.clone()) {
                Ok(events) => events.0,
                Err(e) => panic!("{context}: {action:?} of {seat} rejected: {e}"),
            };
        }
        assert!(game.is_over(), "{context}: not over");
    }
}

/// Runs `check` on shard `shard` of every (case, seat count of its mode from `min` seats), with
/// that pair's share of `total` games.
fn for_every_case(shard: usize, min: u8, total: u64, check: impl Fn(u8, &Case, u64)) {
    let cases = cases();
    let budget = Budget::new(&cases, min, total, 1);
    let mut item = 0usize;
    for case in &cases {
        for players in case.seats.0.max(min)..=case.seats.1 {
            item += 1;
            if item % SHARDS == shard {
                check(players, case, budget.games(case));
            }
        }
    }
}

macro_rules! shards {
    ($($name:ident: $shard:expr, $min:expr, $total:expr, $check:expr;)*) => {$(
        #[test]
        fn $name() {
            for_every_case($shard, $min, $total, $check);
        }
    )*};
}

shards! {
    noninterference_swapped_cards_0: 0, 2, NONINTERFERENCE_GAMES, noninterference_cards;
    noninterference_swapped_cards_1: 1, 2, NONINTERFERENCE_GAMES, noninterference_cards;
    noninterference_swapped_cards_2: 2, 2, NONINTERFERENCE_GAMES, noninterference_cards;
    noninterference_swapped_roles_0: 0, 3, NONINTERFERENCE_GAMES, noninterference_roles;
    noninterference_swapped_roles_1: 1, 3, NONINTERFERENCE_GAMES, noninterference_roles;
    noninterference_swapped_roles_2: 2, 3, NONINTERFERENCE_GAMES, noninterference_roles;
    noninterference_swapped_duos_0: 0, 2, NONINTERFERENCE_GAMES, noninterference_duos;
    noninterference_swapped_duos_1: 1, 2, NONINTERFERENCE_GAMES, noninterference_duos;
    noninterference_swapped_duos_2: 2, 2, NONINTERFERENCE_GAMES, noninterference_duos;
    no_leaks_0: 0, 2, LEAK_GAMES, leak_check;
    no_leaks_1: 1, 2, LEAK_GAMES, leak_check;
    no_leaks_2: 2, 2, LEAK_GAMES, leak_check;
}

/// W-QIXING-1: 神诸葛亮's stars are hidden from every other seat. Games with him seated (seat 1 of
/// four, the god pack), advanced at random; one of his stars is swapped with a card deep in the
/// draw pile, and another seat must not tell the games apart until a star is shown.
#[test]
fn noninterference_swapped_stars() {
    let Some(case) = cases()
        .into_iter()
        .find(|c| c.name == "identity/standard/god")
    else {
        panic!("no god case");
    };
    let mut tested = 0;
    for seed in 0..120u64 {
        if tested == 30 {
            break;
        }
        let mut rng = ChaCha8Rng::seed_from_u64(seed + 90_000);
        let mut config = config(4, &case);
        config.seat_generals = vec![
            None,
            Some(sgs_engine::GeneralId::ShenZhugeliang),
            None,
            None,
        ];
        let Ok(mut game) = Game::new(config, seed) else {
            continue;
        };
        let steps = rng.gen_range(20..300);
        while game.action_count() < steps && !game.is_over() {
            let Some(prompt) = sim::random_prompt(&game, &mut rng) else {
                break;
            };
            let (seat, action) = (prompt.seat, sim::random_action(prompt, &mut rng));
            if game.act(seat, action).is_err() {
                break;
            }
        }
        let offered: Vec<CardId> = game
            .prompts()
            .iter()
            .flat_map(|p| match &p.choices {
                Choices::Cards { from, .. } => from.clone(),
                _ => Vec::new(),
            })
            .collect();
        let stars: Vec<CardId> = swappable_pile_cards(&game, Seat(1))
            .into_iter()
            .filter(|c| !offered.contains(c))
            .collect();
        let pile = &game.table().draw_pile;
        if game.is_over() || pile.len() < 8 {
            continue;
        }
        let Some(star) = stars.choose(&mut rng).copied() else {
            continue;
        };
        let deep_card = pile[rng.gen_range(0..pile.len() / 2)];
        let mut perturbed = game.clone();
        testing::swap_cards(&mut perturbed, star, deep_card);
        let viewer = Seat([0, 2, 3][rng.gen_range(0..3)]);
        let secret = Secret::Cards(star, deep_card);
        let context = format!("stars, seed {seed}, viewer {viewer}, {secret:?}");
        lockstep(game, perturbed, viewer, &secret, &mut rng, &context);
        tested += 1;
    }
    assert!(tested >= 10, "only {tested} games with stars to swap");
}

/// The detector itself: it finds card ids where the wire types put them and nowhere else.
#[test]
fn card_ids_finds_cards_only() {
    let event: Event<Option<CardId>> = Event::CardsMoved {
        cards: vec![None, Some(CardId(7))],
        from: vec![Zone::Hand(Seat(3)), Zone::DrawPile],
        to: Zone::Hand(Seat(4)),
        known: Known::Seats(vec![Seat(4)]),
        bottom: false,
    };
    assert_eq!(card_ids(&serde_json::to_value(&event).unwrap()), vec![7]);
    let secret = Secret::Cards(CardId(7), CardId(9));
    assert!(secret.revealed_by(&json(&event)));
    assert!(!Secret::Cards(CardId(3), CardId(4)).revealed_by(&json(&event)));
    let died: Event<Option<CardId>> = Event::Died {
        seat: Seat(2),
        role: Role::Rebel,
        killer: None,
    };
    assert!(Secret::Roles(Seat(1), Seat(2)).revealed_by(&json(&died)));
    assert!(!Secret::Roles(Seat(1), Seat(3)).revealed_by(&json(&died)));
}
