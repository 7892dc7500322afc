//! 三人消耗 Three-survivor attrition (`modes.md` V-3S, option `attrition`): once exactly three
//! characters are left, after three complete rounds every living character loses 1 HP at the
//! start of each later round, all at once; the dying are then resolved in seat order from the
//! current seat and the victory check is made once, after all of them (V-3S-2).
//!
//! Readings (option values): `on` — a loss that would take every survivor out at once is
//! cancelled for that round and tried again the next (V-3S-3); `on_alt` — such deaths are
//! ordinary deaths (V-3S-ALT). `off` (the default) plays the standard game.

use crate::def::mode::ModeFrame;
use crate::def::option;
use crate::event::Event;
use crate::flow::dying::DyingFrame;
use crate::game::Game;
use crate::resolve::{Frame, Step};

/// Which [`ModeFrame`] kind of the identity mode this is.
pub const KIND: u8 = 0;

/// `game.mode_counters[SINCE]`: the first complete round with three survivors (0: not yet
/// counted).
const SINCE: usize = 0;

/// Complete rounds with three survivors before the losses begin (V-3S-1).
const GRACE_ROUNDS: u32 = 3;

/// The mode's round-start rule: counts the rounds with three survivors, and from the fourth
/// returns the attrition procedure.
pub fn round_start(game: &mut Game) -> Option<Frame> {
    let reading = option::choice(super::OPTIONS, game.mode_options(), "attrition");
    if reading == "off" {
        return None;
    }
    let living = game.order_from(game.lord());
    // V-3S-4: fewer than three left, no attrition (and more than three: not yet).
    if living.len() != 3 {
        return None;
    }
    // Not counted at a death: the table had three from the start, and every round counts.
    if since(game) == 0 {
        set_since(game, 1);
    }
    if game.round < since(game) + GRACE_ROUNDS {
        return None;
    }
    // V-3S-3: a loss that would take everyone out at once waits for the next round.
    let everyone_out = living.iter().all(|seat| game.hp(*seat) <= 1);
    if everyone_out && reading == "on" {
        return None;
    }
    Some(Frame::Mode(ModeFrame::new(KIND)))
}

/// After a death: if it left exactly three, the next round is the first that counts.
pub fn count_from_death(game: &mut Game) {
    let living = game.order_from(game.lord()).len();
    if living == 3 && since(game) == 0 {
        set_since(game, game.round + 1);
    }
}

fn since(game: &Game) -> u32 {
    game.mode_counters.get(SINCE).copied().unwrap_or(0)
}

fn set_since(game: &mut Game, round: u32) {
    if game.mode_counters.get(SINCE).is_none() {
        game.mode_counters.resize(SINCE + 1, 0);
    }
    game.mode_counters[SINCE] = round;
}

/// Steps the attrition: the losses together, then each dying character in seat order, then one
/// victory check.
pub fn step(frame: &mut ModeFrame, game: &mut Game) -> Step {
    match frame.step {
        0 => {
            frame.step = 1;
            // 失去体力, all at once: not damage (no source, no reward, nothing prevents it).
            // The round begins with the lord's turn: seat order from the lord.
            for seat in game.order_from(game.lord()) {
                let state = &mut game.seats[seat.index()];
                state.hp -= 1;
                let hp = state.hp;
                game.emit(Event::HpLost {
                    seat,
                    amount: 1,
                    hp,
                });
                if hp <= 0 {
                    frame.seats.push(seat);
                }
            }
            game.victory_deferred = true;
            Step::Again
        }
        _ => {
            game.take_reply();
            while !frame.seats.is_empty() {
                let seat = frame.seats.remove(0);
                if game.is_alive(seat) && game.hp(seat) <= 0 {
                    return Step::Push(Frame::Dying(DyingFrame::new(seat, None)));
                }
            }
            game.victory_deferred = false;
            if let Some(outcome) = (game.mode.victory)(game) {
                game.finish(outcome);
            }
            Step::Done
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::scenario::{Scenario, ScenarioSeat};
    use crate::seat::{Role, Seat};
    use crate::{Game, Outcome, Ruleset};

    /// Three survivors of a five-seat table (two seats already dead), white generals, each at
    /// `hp`, under the `attrition` reading given.
    fn table(hp: [i8; 3], reading: &str) -> Game {
        let seat = |role, hp: Option<i8>, alive| ScenarioSeat {
            role,
            hp,
            alive,
            ..ScenarioSeat::default()
        };
        let scenario = Scenario {
            seed: 3,
            ruleset: Ruleset::standard()
                .white()
                .with_option("attrition", reading),
            seats: vec![
                seat(Role::Lord, Some(hp[0]), true),
                seat(Role::Rebel, Some(hp[1]), true),
                seat(Role::Renegade, Some(hp[2]), true),
                seat(Role::Loyalist, None, false),
                seat(Role::Rebel, None, false),
            ],
            current: Some(Seat(0)),
            auto_pass: true,
            ..Scenario::default()
        };
        Game::from_scenario(scenario).unwrap()
    }

    /// Plays every prompt's default answer until round `round` has begun (or the game ends).
    fn play_to_round(game: &mut Game, round: u32) {
        let mut guard = 0;
        while game.round < round && !game.is_over() {
            let prompt = game.prompts()[0].clone();
            game.act(prompt.seat, prompt.default_action()).unwrap();
            guard += 1;
            assert!(guard < 10_000, "stuck");
        }
    }

    fn hp(game: &Game) -> [i8; 3] {
        [0, 1, 2].map(|i| game.hp(Seat(i)))
    }

    /// V-3S-1: three survivors from round 1; rounds 1–3 pass; from round 4 each round costs
    /// everyone 1 HP (white generals only pass, so nothing else changes their HP).
    #[test]
    fn v_3s_1_losses_begin_after_three_complete_rounds() {
        let mut game = table([4, 4, 4], "on");
        play_to_round(&mut game, 3);
        assert_eq!(hp(&game), [4, 4, 4], "rounds 1–3 cost nothing");
        play_to_round(&mut game, 4);
        assert_eq!(hp(&game), [3, 3, 3], "round 4 costs one each");
        play_to_round(&mut game, 5);
        assert_eq!(hp(&game), [2, 2, 2], "and round 5 one more");
    }

    /// V-3S-1: a death in round 2 that leaves three: rounds 3–5 are the complete ones, and the
    /// losses begin at round 6.
    #[test]
    fn v_3s_1_counting_starts_after_the_death_that_leaves_three() {
        let mut game = table([4, 4, 4], "on");
        game.seats[4].alive = true;
        game.seats[4].hp = 4;
        play_to_round(&mut game, 2);
        game.seats[4].alive = false;
        super::count_from_death(&mut game);
        play_to_round(&mut game, 5);
        assert_eq!(hp(&game), [4, 4, 4]);
        play_to_round(&mut game, 6);
        assert_eq!(hp(&game), [3, 3, 3]);
    }

    /// The option off (the default): no losses however long three survive.
    #[test]
    fn without_the_option_nobody_loses_hp() {
        let mut game = table([4, 4, 4], "off");
        play_to_round(&mut game, 8);
        assert_eq!(hp(&game), [4, 4, 4]);
    }

    /// V-3S-3: a loss that would take all three out is cancelled, round after round.
    #[test]
    fn v_3s_3_a_loss_that_would_end_everyone_is_cancelled() {
        let mut game = table([1, 1, 1], "on");
        play_to_round(&mut game, 7);
        assert_eq!(hp(&game), [1, 1, 1]);
        assert!(!game.is_over());
    }

    /// V-3S-2: the lord and the rebel go down together while the renegade stands: with one
    /// victory check after both, the renegade is the last one standing and wins — a check at
    /// the lord's death alone would have given the rebels the game.
    #[test]
    fn v_3s_2_one_victory_check_after_every_death() {
        let mut game = table([1, 1, 3], "on");
        play_to_round(&mut game, 4);
        assert!(game.is_over());
        assert_eq!(hp(&game)[2], 2);
        assert!(!game.seat(Seat(0)).alive && !game.seat(Seat(1)).alive);
        let Some(Outcome { winners, .. }) = game.outcome() else {
            panic!("over")
        };
        assert_eq!(winners, &vec![Seat(2)]);
    }

    /// V-3S-ALT: the same all-out loss is played, and the victory check decides the game.
    #[test]
    fn v_3s_alt_an_all_out_loss_is_played() {
        let mut game = table([1, 1, 1], "on_alt");
        play_to_round(&mut game, 4);
        assert!(game.is_over());
        assert!((0..3).all(|i| !game.seat(Seat(i)).alive));
    }
}
