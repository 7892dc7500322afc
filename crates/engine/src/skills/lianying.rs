//! 连营 Lianying — 陆逊.
//!
//! 当你失去最后的手牌后，你可以摸一张牌。
//! After you lose your last hand card, you may draw a card.
//!
//! It fires right after the move that emptied the hand, before anything else happens: after
//! using the last card as a 杀, 陆逊 draws before the target is asked for a 闪.

use crate::action::Action;
use crate::def::skill::{Ask, SkillDef, Trigger};
use crate::game::Game;
use crate::ids::SkillId;
use crate::resolve::{Frame, Timing, TimingData};
use crate::seat::Seat;

pub static DEF: SkillDef = SkillDef {
    triggers: &[Trigger {
        timing: Timing::CardsMoved,
        can_trigger,
        ask: Ask::Confirm,
        on_trigger,
    }],
    ..SkillDef::named(
        SkillId::Lianying,
        "连营",
        "Lianying",
        "当你失去最后的手牌后，你可以摸一张牌。",
        "After you lose your last hand card, you may draw a card.",
    )
};

fn can_trigger(game: &Game, owner: Seat, data: &TimingData) -> bool {
    matches!(data, TimingData::Lost { seat, hand_emptied: true, .. } if *seat == owner)
        && game.hand(owner).is_empty()
}

fn on_trigger(game: &mut Game, owner: Seat, _: &mut TimingData, _: &Action) -> Option<Frame> {
    game.draw(owner, 1);
    None
}

#[cfg(test)]
mod tests {
    use crate::action::{Action, Pick};
    use crate::card::CardKind::*;
    use crate::ids::GeneralId;
    use crate::ids::SkillId;
    use crate::prompt::PromptKind;
    use crate::seat::Role::*;
    use crate::seat::Seat;
    use crate::testing::{cards, seat, table, Check};

    fn asked_lianying(c: &Check, seat: u8) -> bool {
        c.is_asked(seat, |k| {
            *k == PromptKind::Confirm {
                skill: SkillId::Lianying,
            }
        })
    }

    #[test]
    fn draws_after_using_the_last_card_as_a_slash_before_the_target_answers() {
        let mut s = table(&[Lord, Rebel]);
        seat(&mut s, 0).general = GeneralId::Luxun;
        seat(&mut s, 0).hand = cards(&[Slash]);
        seat(&mut s, 1).hand = cards(&[Jink]);
        s.draw_pile_top = cards(&[Peach]);
        let mut c = Check::new(s);
        c.card(0, Slash, &[1]);
        assert!(asked_lianying(&c, 0));
        assert!(!c.has_prompt(1), "the target waits");
        c.skill(0, SkillId::Lianying);
        assert_eq!(c.hand(0), vec![Peach]);
        assert!(c.is_asked(1, |k| matches!(k, PromptKind::Respond { card: Jink, .. })));
    }

    #[test]
    fn may_decline() {
        let mut s = table(&[Lord, Rebel]);
        seat(&mut s, 0).general = GeneralId::Luxun;
        seat(&mut s, 0).hand = cards(&[Slash]);
        let mut c = Check::new(s);
        c.card(0, Slash, &[1]).pass(0);
        assert!(c.hand(0).is_empty());
        assert!(c.is_asked(1, |k| matches!(k, PromptKind::Respond { .. })));
    }

    #[test]
    fn not_while_cards_remain() {
        let mut s = table(&[Lord, Rebel]);
        seat(&mut s, 0).general = GeneralId::Luxun;
        seat(&mut s, 0).hand = cards(&[Slash, Jink]);
        let mut c = Check::new(s);
        c.card(0, Slash, &[1]);
        assert!(!asked_lianying(&c, 0));
        assert!(c.has_prompt(1));
    }

    #[test]
    fn outside_his_turn_when_the_last_card_is_taken_or_given() {
        // Seat 0 dismantles 陆逊's only card; later its 杀 makes him use his new last card.
        let mut s = table(&[Lord, Rebel]);
        seat(&mut s, 1).general = GeneralId::Luxun;
        seat(&mut s, 1).hand = cards(&[Peach]);
        seat(&mut s, 0).hand = cards(&[Dismantlement, Slash]);
        s.draw_pile_top = cards(&[Jink, Jink]);
        let mut c = Check::new(s);
        c.card(0, Dismantlement, &[1]).pass_windows();
        c.act(
            0,
            Action::Pick {
                pick: Pick::Hand { index: 0 },
            },
        );
        assert!(asked_lianying(&c, 1));
        c.skill(1, SkillId::Lianying);
        assert_eq!(c.hand(1), vec![Jink]);
        c.card(0, Slash, &[1]).card(1, Jink, &[]);
        assert!(asked_lianying(&c, 1));
        c.skill(1, SkillId::Lianying);
        assert_eq!(c.hand(1), vec![Jink]);
        assert_eq!(c.hp(1), 3);
        assert_eq!(c.game.turn().seat, Seat(0));
        c.assert_conserved();
    }
}
