//! 不屈 Buqu — 周泰 [锁定技] (2013 text).
//!
//! 锁定技，每当你处于濒死状态时，你将牌堆顶的一张牌置于你的武将牌上，称为"创"：若此牌的点数与已有的"创"点数均不同，你将体力回复至1点；若点数相同，将此牌置入弃牌堆。若你的武将牌上有"创"，你的手牌上限等于"创"的数量。
//! Compulsory: whenever you are dying, put the top card of the draw pile face up on your general
//! (a "wound"): if its rank differs from every wound already there, recover to 1 HP; otherwise
//! put it into the discard pile. While you have wounds, your hand limit is their number.
//!
//! W-BUQU-1: when the rescue reaches 周泰 himself, before he is asked for 桃 (ruling O-2: those
//! before him in the order may already have saved him); one card per dying. W-BUQU-2: a duplicate
//! rank goes to the discard pile and the rescue goes on; the hand limit is the pile's size even
//! below his HP. W-BUQU-3: the pile is public, not his hand, and goes to the discard pile when he
//! dies. The 2009 text (`W-BUQU-OLD`) is not this skill.

use crate::action::Action;
use crate::def::skill::{Ask, Modifiers, SkillDef, Tags, Trigger};
use crate::game::Game;
use crate::ids::SkillId;
use crate::resolve::{Frame, Timing, TimingData};
use crate::seat::Seat;
use crate::zone::Visibility;

pub static DEF: SkillDef = SkillDef {
    tags: Tags {
        compulsory: true,
        ..Tags::NONE
    },
    triggers: &[Trigger {
        timing: Timing::SavingSelf,
        can_trigger,
        ask: Ask::Never,
        on_trigger,
    }],
    modifiers: Modifiers {
        hand_limit: Some(hand_limit),
        ..Modifiers::NONE
    },
    ..SkillDef::named(
        SkillId::Buqu,
        "不屈",
        "Buqu",
        "锁定技，每当你处于濒死状态时，你将牌堆顶的一张牌置于你的武将牌上，称为“创”：若此牌的点数与已有的“创”点数均不同，你将体力回复至1点；若点数相同，将此牌置入弃牌堆。若你的武将牌上有“创”，你的手牌上限等于“创”的数量。",
        "Compulsory: whenever you are dying, put the top card of the draw pile on your general as a wound: if its rank differs from every other wound, recover to 1 HP; otherwise discard it. While you have wounds, your hand limit equals their number.",
    )
};

fn can_trigger(_: &Game, owner: Seat, data: &TimingData) -> bool {
    matches!(data, TimingData::Dying { seat, .. } if *seat == owner)
}

fn on_trigger(game: &mut Game, owner: Seat, _: &mut TimingData, _: &Action) -> Option<Frame> {
    let &card = game.take_from_top(1).first()?;
    let rank = game.deck().card(card).rank;
    let duplicate = game
        .pile(owner, SkillId::Buqu)
        .iter()
        .any(|c| game.deck().card(*c).rank == rank);
    game.move_to_pile(&[card], owner, SkillId::Buqu, Visibility::Public);
    if duplicate {
        game.discard(&[card]);
    } else {
        let missing = 1 - i32::from(game.hp(owner));
        game.recover(owner, missing.clamp(0, i32::from(u8::MAX)) as u8);
    }
    None
}

/// With wounds, the limit is their number: the HP-based limit is replaced.
fn hand_limit(game: &Game, owner: Seat) -> i32 {
    let wounds = game.pile(owner, SkillId::Buqu).len() as i32;
    if wounds == 0 {
        return 0;
    }
    wounds - i32::from(game.hp(owner).max(0))
}

#[cfg(test)]
mod tests {
    use crate::card::CardKind::*;
    use crate::card::Suit;
    use crate::ids::{GeneralId, SkillId};
    use crate::prompt::PromptKind;
    use crate::scenario::CardSpec;
    use crate::seat::Role::*;
    use crate::seat::Seat;
    use crate::testing::{cards, seat, table, with_pack, Check};

    /// Seat 0 slashes 周泰 (seat 1, 1 HP); the draw pile starts with `top`.
    fn zhoutai(top: Vec<CardSpec>, wounds: Vec<CardSpec>) -> Check {
        let mut s = with_pack(table(&[Lord, Rebel]), "wind");
        seat(&mut s, 0).hand = cards(&[Slash]);
        seat(&mut s, 1).general = GeneralId::Zhoutai;
        seat(&mut s, 1).hp = Some(1);
        seat(&mut s, 1).piles = if wounds.is_empty() {
            Vec::new()
        } else {
            vec![crate::scenario::PileSpec {
                skill: SkillId::Buqu,
                visibility: crate::zone::Visibility::Public,
                cards: wounds,
            }]
        };
        s.draw_pile_top = top;
        let mut c = Check::new(s);
        c.card(0, Slash, &[1]).pass(1);
        c
    }

    #[test]
    fn w_buqu_1_when_the_rescue_reaches_him_a_new_rank_saves_him() {
        let mut c = zhoutai(vec![CardSpec::exact(Jink, Suit::Heart, 13)], Vec::new());
        // Seat 0 is asked first and passes; then 不屈, before 周泰 is asked.
        assert!(c.is_asked(0, |k| matches!(k, PromptKind::Save { .. })));
        c.pass(0);
        assert_eq!(c.hp(1), 1);
        assert_eq!(c.game.pile(Seat(1), SkillId::Buqu).len(), 1);
        assert!(c.alive(1));
        // W-BUQU-2: hand limit = 1 wound.
        assert_eq!(c.game.hand_limit(Seat(1)), 1);
    }

    #[test]
    fn w_buqu_2_a_duplicate_rank_is_discarded_and_the_rescue_goes_on() {
        let mut c = zhoutai(
            vec![CardSpec::exact(Jink, Suit::Heart, 13)],
            vec![CardSpec::exact(Slash, Suit::Diamond, 13)],
        );
        c.pass(0);
        assert_eq!(c.game.pile(Seat(1), SkillId::Buqu).len(), 1);
        assert!(c.discard_pile().contains(&Jink));
        // He is asked for 桃 himself, then dies.
        assert!(c.is_asked(1, |k| matches!(k, PromptKind::Save { .. })));
        c.pass(1);
        assert!(!c.alive(1));
        // W-BUQU-3: the wounds go to the discard pile.
        assert!(c.game.pile(Seat(1), SkillId::Buqu).is_empty());
        c.assert_conserved();
    }
}
