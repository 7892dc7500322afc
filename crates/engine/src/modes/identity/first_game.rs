//! 初次游戏与无武将 First game and no generals (`modes.md` V-BEGIN, V-NOGEN; option `generals`):
//!
//! - `none` (V-NOGEN-1): nobody chooses a general; every character is the white general (4 HP,
//!   no skills, no kingdom); the lord has 5 with five or more seats (the lord's bonus as the
//!   `lord_hp` option gives it).
//! - `first_game` (V-BEGIN-1): the same, and every J, Q and K is set aside before the starting
//!   hands are dealt (moved out of the game face down: the table sees the draw pile shrink).
//!
//! `chosen` (the default) plays the standard game.

use crate::def::mode::ModeFrame;
use crate::def::option;
use crate::game::Game;
use crate::resolve::Step;
use crate::ruleset::Options;
use crate::zone::Zone;

/// Which [`ModeFrame`] kind of the identity mode this is.
pub const KIND: u8 = 1;

/// Do the seats choose generals (the option's default)?
pub fn generals_chosen(options: &Options) -> bool {
    option::choice(super::OPTIONS, options, "generals") == "chosen"
}

/// The identity mode's opening without chosen generals: every seat's (white) general is shown,
/// and under `first_game` the J/Q/K are set aside.
pub fn opening(game: &Game) -> Option<ModeFrame> {
    (!generals_chosen(game.mode_options())).then(|| ModeFrame::new(KIND))
}

/// Shows every seat's general (nobody chose one: the selection did not show them), then sets
/// aside every J, Q and K of the draw pile (V-BEGIN-1).
pub fn step(_: &mut ModeFrame, game: &mut Game) -> Step {
    for i in 0..game.seat_count() {
        let seat = crate::seat::Seat(i as u8);
        let state = game.seat(seat).clone();
        game.emit(crate::event::Event::GeneralShown {
            seat,
            general: state.general,
            hp: state.hp,
            max_hp: state.max_hp,
        });
        crate::setup::announce_role_skills(game, seat);
    }
    if option::choice(super::OPTIONS, game.mode_options(), "generals") == "first_game" {
        let court: Vec<_> = game
            .table
            .draw_pile
            .iter()
            .copied()
            .filter(|id| game.deck.card(*id).rank >= 11)
            .collect();
        game.move_cards(&court, Zone::Out);
    }
    Step::Done
}

#[cfg(test)]
mod tests {
    use crate::seat::Seat;
    use crate::zone::Zone;
    use crate::{Game, GameConfig, GeneralId, Ruleset};

    fn game(players: u8, generals: &str) -> Game {
        let config = GameConfig {
            players,
            ruleset: Ruleset::standard().with_option("generals", generals),
            ..GameConfig::default()
        };
        Game::new(config, 11).unwrap()
    }

    /// V-NOGEN-1: nobody is asked for a general; everyone is white with 4 HP, the lord 5 at
    /// five seats and 4 at four; the first turn has begun.
    #[test]
    fn v_nogen_1_white_generals_for_everyone() {
        for (players, lord_hp) in [(5, 5), (4, 4)] {
            let game = game(players, "none");
            for i in 0..players {
                let state = game.seat(Seat(i));
                assert_eq!(state.general, GeneralId::White);
                assert!(state.skills.is_empty());
                let want = if Seat(i) == game.lord() { lord_hp } else { 4 };
                assert_eq!((state.hp, state.max_hp), (want as i8, want));
                // Four each; the lord has drawn two more in its first turn.
                let cards = if Seat(i) == game.lord() { 6 } else { 4 };
                assert_eq!(game.hand(Seat(i)).len(), cards);
            }
            assert!(game.prompts().iter().all(|p| p.seat == game.lord()));
        }
    }

    /// V-BEGIN-1: no J, Q or K is in the draw pile or a hand; they are out of the game; the
    /// generals are white as under V-NOGEN.
    #[test]
    fn v_begin_1_no_court_cards_and_no_generals() {
        let game = game(5, "first_game");
        let table = game.table();
        let court = (0..game.deck().len())
            .filter(|i| game.deck().cards()[*i].rank >= 11)
            .count();
        assert!(court > 0);
        for (i, card) in game.deck().cards().iter().enumerate() {
            if card.rank >= 11 {
                assert_eq!(table.location[i], Zone::Out, "{card:?}");
            }
        }
        assert_eq!(game.seat(Seat(1)).general, GeneralId::White);
        let rank = |id: &crate::CardId| game.deck().card(*id).rank;
        assert!(table.draw_pile.iter().all(|id| rank(id) < 11));
        for i in 0..5 {
            assert!(game.hand(Seat(i)).iter().all(|id| rank(id) < 11));
        }
    }
}
