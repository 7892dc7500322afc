//! 神 A god general's kingdom (W-MECH-GOD-1): printed 神, it chooses one of the four kingdoms
//! and plays for it from then on — at the start of the game (the game loop, before the starting
//! hands) and when it enters later (1v1's next general, M-1V1-5, before it draws). Owns the
//! prompt and its answer; never decides for a seat.

use crate::action::Action;
use crate::event::Event;
use crate::game::Game;
use crate::prompt::{Choices, Prompt, PromptKind};
use crate::seat::{Kingdom, Seat};

/// Does `seat` still have to choose its kingdom (its general is printed 神)?
pub(crate) fn must_choose(game: &Game, seat: Seat) -> bool {
    game.seat(seat).kingdom == Kingdom::God
}

/// The question to `seat`: one option per kingdom of [`Kingdom::CHOOSABLE`].
pub(crate) fn prompt(seat: Seat) -> Prompt {
    let options = (0..Kingdom::CHOOSABLE.len() as u8)
        .map(|index| Action::Option { index })
        .collect();
    Prompt::new(seat, PromptKind::ChooseKingdom, Choices::actions(options))
}

/// Takes the answer to a [`prompt`], if it is one, and gives the seat its kingdom (public).
pub(crate) fn take_answer(game: &mut Game) {
    if let Some((seat, Action::Option { index })) = game.take_answer() {
        if let Some(&kingdom) = Kingdom::CHOOSABLE.get(index as usize) {
            game.seats[seat.index()].kingdom = kingdom;
            game.emit(Event::KingdomChosen { seat, kingdom });
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::ids::GeneralId;
    use crate::prompt::PromptKind;
    use crate::seat::{Kingdom, Role::*, Seat};
    use crate::testing::{seat, table, with_pack, Check};
    use crate::Game;

    /// W-MECH-GOD-1 on a practice table (which starts mid-game, after the kingdoms were chosen):
    /// a god seat that names its kingdom plays for it; one that does not stays 神 (kingdomless);
    /// only a 神 general names one, and only one of the four kingdoms.
    #[test]
    fn w_mech_god_1_a_practice_table_may_name_a_gods_kingdom() {
        let mut s = with_pack(table(&[Lord, Rebel]), "god");
        seat(&mut s, 1).general = GeneralId::ShenGuanyu;
        let unnamed = Check::new(s.clone());
        assert_eq!(unnamed.game.seat(Seat(1)).kingdom, Kingdom::God);
        seat(&mut s, 1).kingdom = Some(Kingdom::Shu);
        let named = Check::new(s.clone());
        assert!(!named.is_asked(1, |k| *k == PromptKind::ChooseKingdom));
        assert!(named.is_asked(0, |k| *k == PromptKind::Play));
        assert_eq!(named.game.seat(Seat(1)).kingdom, Kingdom::Shu);
        seat(&mut s, 1).kingdom = Some(Kingdom::God);
        assert!(
            Game::from_scenario(s.clone()).is_err(),
            "神 is not a kingdom to play for"
        );
        seat(&mut s, 1).kingdom = None;
        seat(&mut s, 0).kingdom = Some(Kingdom::Wei);
        assert!(
            Game::from_scenario(s).is_err(),
            "only a god names its kingdom"
        );
    }
}
