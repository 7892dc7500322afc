//! Shared imports and helpers of the ruling tests.

pub use sgs_engine::action::Pick;
pub use sgs_engine::event::Side;
pub use sgs_engine::prompt::Choices;
pub use sgs_engine::testing::{cards, seat, table, Check};
pub use sgs_engine::CardKind::{self, *};
pub use sgs_engine::Role::*;
pub use sgs_engine::{
    Action, CardId, CardSpec, Cause, Event, Game, GameConfig, Phase, PromptKind, RoleTable,
    Scenario, Seat, Suit,
};

pub fn roles_of(game: &Game) -> [usize; 4] {
    let mut counts = [0; 4];
    for i in 0..game.seat_count() {
        counts[game.seat(Seat(i as u8)).role as usize] += 1;
    }
    counts
}

/// Passes every 桃 request in turn and returns who was asked, in order.
pub fn decline_saves(c: &mut Check) -> Vec<u8> {
    let mut asked = Vec::new();
    while let Some(p) = c
        .game
        .prompts()
        .iter()
        .find(|p| matches!(p.kind, PromptKind::Save { .. }))
    {
        let seat = p.seat.0;
        asked.push(seat);
        c.pass(seat);
    }
    asked
}

/// `killer` (the current seat) uses a 杀 on `victim`, who does not dodge and is not saved.
pub fn slash_to_death(c: &mut Check, killer: u8, victim: u8) {
    c.card(killer, Slash, &[victim]).pass(victim);
    decline_saves(c);
    assert!(!c.alive(victim), "seat {victim} survived");
}

pub fn died(c: &Check, victim: u8) -> Option<(sgs_engine::Role, Option<Seat>)> {
    c.events.iter().find_map(|e| match e {
        Event::Died { seat, role, killer } if seat.0 == victim => Some((*role, *killer)),
        _ => None,
    })
}

pub fn winners(c: &Check) -> (Option<Side>, Vec<u8>) {
    let outcome = c.game.outcome().expect("the game is over");
    (
        outcome.winner,
        outcome.winners.iter().map(|s| s.0).collect(),
    )
}

pub fn dead(s: &mut Scenario, i: u8) {
    seat(s, i).alive = false;
}

pub fn first_id(kind: CardKind) -> CardId {
    let row = sgs_engine::decks::standard::PACK
        .rows
        .iter()
        .position(|r| r.kind == kind)
        .expect("kind in the deck");
    CardId(row as u16)
}

// ---- the 160-card game (军争) ---------------------------------------------------------------

pub use sgs_engine::{GeneralId, Nature, Ruleset, SkillId};

pub use sgs_engine::testing::table160;

/// A 火杀 (♥4, ♥7, ♥10, ♦4 or ♦5).
pub fn fire_slash(suit: Suit, rank: u8) -> CardSpec {
    CardSpec::exact(Slash, suit, rank)
}

/// The 火杀 ♥4.
pub fn fire() -> CardSpec {
    fire_slash(Suit::Heart, 4)
}

/// The 雷杀 ♠4 (black).
pub fn thunder() -> CardSpec {
    CardSpec::exact(Slash, Suit::Spade, 4)
}

/// Every damage so far: (target, amount, nature).
pub fn damage_log(c: &Check) -> Vec<(u8, u8, Nature)> {
    c.events
        .iter()
        .filter_map(|e| match e {
            Event::Damaged {
                target,
                amount,
                nature,
                ..
            } => Some((target.0, *amount, *nature)),
            _ => None,
        })
        .collect()
}

/// Is any legal answer of `seat` a card action whose first card is of `kind` (with `skill`)?
pub fn offers(c: &Check, seat: u8, kind: CardKind, skill: Option<SkillId>) -> bool {
    c.find(seat, |cards, s, _| {
        s == skill
            && cards
                .first()
                .is_some_and(|id| c.game.card(*id).kind == kind)
    })
    .is_some()
}

/// Answers 无懈可击 windows: `nullifier` nullifies the trick on `target` with its
/// 无懈可击; every other window is passed.
pub fn nullify_for(c: &mut Check, nullifier: u8, target: u8) {
    let mut used = false;
    while let Some(p) = c
        .game
        .prompts()
        .iter()
        .find(|p| matches!(p.kind, PromptKind::Nullify { .. }))
        .cloned()
    {
        let wanted = matches!(p.kind, PromptKind::Nullify { target: Some(t), countering: false, .. } if t.0 == target);
        if !used && wanted && p.seat.0 == nullifier {
            used = true;
            c.card(nullifier, Nullification, &[]);
        } else {
            c.pass(p.seat.0);
        }
    }
}
