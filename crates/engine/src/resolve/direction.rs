//! 方向 The direction in which a card that targets everyone (or everyone else) resolves, where
//! the mode lets its user choose it (3v3, `modes.md` M-3V3-8): from the user's next seat in turn
//! order (逆时针, the usual order), or from its previous seat (顺时针). 五谷丰登's picks follow
//! the same order. The choice is asked before the card is announced, so the announced targets
//! are already in the chosen order (public).

use crate::action::Action;
use crate::def::card::Target;
use crate::game::Game;
use crate::prompt::{Cause, Choices, Prompt, PromptKind};
use crate::seat::Seat;

use super::CardUse;

/// Option 0: from the user's next seat, in turn order (逆时针).
pub const NEXT_FIRST: u8 = 0;
/// Option 1: from the user's previous seat, against turn order (顺时针).
pub const PREVIOUS_FIRST: u8 = 1;

/// Does the user of `card_use` choose the direction? Only where the mode says so, for a card
/// that names its own targets, when at least two others are among them (with one the order is
/// the same either way).
pub(crate) fn applies(game: &Game, card_use: &CardUse) -> bool {
    game.mode().choose_direction
        && matches!(
            game.card_def(card_use.card.kind).target,
            Target::Implicit(_)
        )
        && card_use
            .targets
            .iter()
            .filter(|t| **t != card_use.user)
            .count()
            >= 2
}

/// The question to the user.
pub(crate) fn prompt(card_use: &CardUse) -> Prompt {
    Prompt::new(
        card_use.user,
        PromptKind::Choose {
            cause: Cause::Card(card_use.card.kind),
        },
        Choices::actions(vec![
            Action::Option { index: NEXT_FIRST },
            Action::Option {
                index: PREVIOUS_FIRST,
            },
        ]),
    )
}

/// Applies the user's answer: against turn order, the user (when it is a target) still comes
/// first, then the others from its previous seat backwards.
pub(crate) fn apply(targets: &mut [Seat], user: Seat, answer: Option<&Action>) {
    if answer
        != Some(&Action::Option {
            index: PREVIOUS_FIRST,
        })
    {
        return;
    }
    let start = usize::from(targets.first() == Some(&user));
    targets[start..].reverse();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn m_3v3_8_against_turn_order_the_user_stays_first_and_the_others_turn_round() {
        let mut everyone = [Seat(2), Seat(3), Seat(4), Seat(0), Seat(1)];
        apply(
            &mut everyone,
            Seat(2),
            Some(&Action::Option {
                index: PREVIOUS_FIRST,
            }),
        );
        assert_eq!(everyone, [Seat(2), Seat(1), Seat(0), Seat(4), Seat(3)]);
        let mut others = [Seat(3), Seat(4), Seat(0), Seat(1)];
        apply(
            &mut others,
            Seat(2),
            Some(&Action::Option {
                index: PREVIOUS_FIRST,
            }),
        );
        assert_eq!(others, [Seat(1), Seat(0), Seat(4), Seat(3)]);
        let mut unchanged = [Seat(3), Seat(4), Seat(0)];
        apply(
            &mut unchanged,
            Seat(2),
            Some(&Action::Option { index: NEXT_FIRST }),
        );
        assert_eq!(unchanged, [Seat(3), Seat(4), Seat(0)]);
    }
}
