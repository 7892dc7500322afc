//! 转世 Reincarnation (`modes.md` V-ZS, option `reincarnation`): a dead player stays at the table
//! as a *waiting* player; the living give it hand cards as sacrifices (献祭, [`super::xianji`]);
//! at the threshold it comes back with a new general of its dead general's kingdom, at 1 HP.
//!
//! - V-ZS-1: the death is as usual (cards discarded, role revealed); the seat then waits, out
//!   of the seating (a dead seat: no turn, no distance). Its general goes back to the unused
//!   generals.
//! - V-ZS-3: at 4 hand cards (3 with at most five seats) it reincarnates: the unused generals
//!   are shuffled and the first of the dead general's kingdom is taken (any, when that general
//!   had no ordinary kingdom: a white or 神 general). Only the general found is shown.
//! - V-ZS-4: the new general has its printed max HP (no lord bonus: the lord never waits, its
//!   death ends the game) and 1 HP, face up, unchained, keeps the sacrifices as its hand. It may
//!   not sacrifice. It may die and wait again.
//! - V-ZS-5: no unused general of that kingdom: it keeps its cards and accepts no more.
//! - V-ZS-6: a reincarnated character counts as dead for every victory check; killing it gives
//!   no reward and costs no penalty.
//!
//! State: `game.mode_counters[STATE + seat]` (one of the `WAITING` … codes). What the table sees:
//! the mark 献祭 on a waiting seat (its count: the cards it needs in all; its hand count shows
//! how many it has, its own view which), the mark 转世 on a reincarnated character.

use rand::seq::SliceRandom;

use crate::def::option;
use crate::def::skill::SkillDef;
use crate::event::Event;
use crate::game::Game;
use crate::ids::{GeneralId, MarkId, SkillId};
use crate::seat::{Kingdom, Seat};
use crate::zone::Visibility;

/// The mark 转世 on a reincarnated character (a name for the catalog; it does nothing itself).
pub static DEF: SkillDef = SkillDef::named(
    SkillId::Zhuanshi,
    "转世",
    "Zhuanshi",
    "（转世模式）阵亡后可接受献祭；手牌达到四张（四至五人局为三张）时，以同势力的新武将、1点体力重回座位。转世的角色在胜负判定中视为已阵亡，杀死其不奖不罚。",
    "(Reincarnation) A dead player accepts sacrifices; at four hand cards (three with five seats or fewer) it comes back as a new general of the same kingdom with 1 HP. A reincarnated character counts as dead for victory; killing it brings no reward or penalty.",
);

/// `game.mode_counters[STATE + seat]`: the seat's 转世 state (after the attrition's counter).
const STATE: usize = 1;
/// Alive, never reincarnated (or the variant is off).
const NONE: u32 = 0;
/// Dead, accepting sacrifices.
const WAITING: u32 = 1;
/// Alive again with a new general.
const REBORN: u32 = 2;
/// Dead, and no unused general of its kingdom was left (V-ZS-5).
const CLOSED: u32 = 3;

/// Is 转世 played?
pub fn enabled(options: &crate::ruleset::Options) -> bool {
    option::choice(super::OPTIONS, options, "reincarnation") != "off"
}

fn state(game: &Game, seat: Seat) -> u32 {
    game.mode_counters
        .get(STATE + seat.index())
        .copied()
        .unwrap_or(NONE)
}

fn set_state(game: &mut Game, seat: Seat, value: u32) {
    let at = STATE + seat.index();
    if game.mode_counters.len() <= at {
        game.mode_counters.resize(at + 1, 0);
    }
    game.mode_counters[at] = value;
}

/// Is `seat` a reincarnated character (V-ZS-6: dead for victory)?
pub fn reborn(game: &Game, seat: Seat) -> bool {
    game.is_alive(seat) && state(game, seat) == REBORN
}

/// Is `seat` a waiting player that accepts sacrifices?
pub fn waiting(game: &Game, seat: Seat) -> bool {
    !game.is_alive(seat) && state(game, seat) == WAITING
}

/// The seats that accept sacrifices now.
pub fn waiting_seats(game: &Game) -> Vec<Seat> {
    (0..game.seat_count())
        .map(|i| Seat(i as u8))
        .filter(|s| waiting(game, *s))
        .collect()
}

/// V-ZS-3: the hand cards a waiting player needs: 4, or 3 with at most five seats.
pub fn threshold(game: &Game) -> usize {
    if game.seat_count() <= 5 {
        3
    } else {
        4
    }
}

/// After a death that did not end the game: the dead seat waits (V-ZS-1). Returns whether it
/// was a reincarnated character (V-ZS-6: no reward, no penalty).
pub fn on_death(game: &mut Game, dead: Seat) -> bool {
    if !enabled(game.mode_options()) {
        return false;
    }
    let was_reborn = state(game, dead) == REBORN;
    set_state(game, dead, WAITING);
    let needed = threshold(game) as u16;
    game.set_mark(
        dead,
        MarkId::Skill(SkillId::Xianji),
        needed,
        Visibility::Public,
    );
    was_reborn
}

/// After a sacrifice to `seat`: at the threshold, it reincarnates (V-ZS-3), or is closed when
/// no general of its kingdom is left (V-ZS-5).
pub fn after_sacrifice(game: &mut Game, seat: Seat) {
    if !waiting(game, seat) || game.hand(seat).len() < threshold(game) {
        return;
    }
    game.set_mark(seat, MarkId::Skill(SkillId::Xianji), 0, Visibility::Public);
    match new_general(game, seat) {
        Some(general) => reincarnate(game, seat, general),
        None => set_state(game, seat, CLOSED),
    }
}

/// The unused generals (every general of the game's packs no living character plays, less the
/// dead general itself), shuffled; the first of the dead general's kingdom.
fn new_general(game: &mut Game, seat: Seat) -> Option<GeneralId> {
    let old = game.seat(seat).general;
    let kingdom = game.seat(seat).kingdom;
    let in_use: Vec<GeneralId> = (0..game.seat_count())
        .map(|i| Seat(i as u8))
        .filter(|s| game.is_alive(*s))
        .map(|s| game.seat(s).general)
        .collect();
    let mut unused: Vec<GeneralId> = game
        .general_pool
        .iter()
        .copied()
        .filter(|g| *g != old && !in_use.contains(g))
        .collect();
    unused.shuffle(&mut game.rng);
    unused
        .into_iter()
        .find(|g| kingdom == Kingdom::None || game.general(*g).kingdom == kingdom)
}

/// V-ZS-4: `seat` comes back as `general` at 1 HP, keeping its hand.
fn reincarnate(game: &mut Game, seat: Seat, general: GeneralId) {
    let role = game.role(seat);
    let (players, options) = (game.seat_count(), game.mode_options());
    // No lord bonus: only the lord's role has one, and the lord never waits.
    let mode_max_hp = |hp, role| (game.mode.max_hp)(hp, role, players, options);
    let mut fresh = crate::setup::seat_state(
        game.registry,
        game.mode,
        options,
        &mode_max_hp,
        general,
        role,
        Some(1),
        None,
    );
    fresh.alive = true;
    // Its role was revealed at its death and stays known.
    fresh.role_shown = true;
    let max_hp = fresh.max_hp;
    game.seats[seat.index()] = fresh;
    set_state(game, seat, REBORN);
    game.emit(Event::Reincarnated {
        seat,
        general,
        hp: 1,
        max_hp,
    });
    crate::setup::announce_role_skills(game, seat);
    game.set_mark(
        seat,
        MarkId::Skill(SkillId::Zhuanshi),
        1,
        Visibility::Public,
    );
}

#[cfg(test)]
mod tests;
