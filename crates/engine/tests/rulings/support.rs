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
