//! 空城 Kongcheng, 国战 text — 诸葛亮 (国战, H-SK-kongcheng).
//!
//! 锁定技，当你成为【杀】或【决斗】的目标时，若你没有手牌，你取消此目标。
//! Compulsory: when you become a target of a 杀 or a 决斗 while you have no hand cards, cancel
//! yourself as a target.
//!
//! The identity 空城 (`kongcheng.rs`) forbids choosing him; here he is chosen, then removed at
//! "becoming a target" (H-TURN-2, `CardUse::cancelled`), before any "after targeting" effect
//! (铁骑, 烈弓, 无双). A hidden 诸葛亮 is asked whether to reveal for it, and may stay hidden and
//! take the 杀 (H-REV-7).

use crate::action::Action;
use crate::card::CardKind;
use crate::def::skill::{Ask, SkillDef, Tags, Trigger};
use crate::game::Game;
use crate::ids::SkillId;
use crate::resolve::{Frame, Timing, TimingData};
use crate::seat::Seat;

pub static DEF: SkillDef = SkillDef {
    tags: Tags {
        compulsory: true,
        ..Tags::NONE
    },
    triggers: &[Trigger {
        timing: Timing::TargetChosen,
        can_trigger,
        ask: Ask::Never,
        on_trigger: cancel,
    }],
    ..SkillDef::named(
        SkillId::KongchengHeg,
        "空城",
        "Kongcheng",
        "锁定技，当你成为【杀】或【决斗】的目标时，若你没有手牌，你取消此目标。",
        "Compulsory: when you become a target of a Slash or a Duel while you have no hand cards, cancel yourself as a target.",
    )
};

fn can_trigger(game: &Game, owner: Seat, data: &TimingData) -> bool {
    matches!(data, TimingData::Target { use_id, target }
        if *target == owner
            && game.hand(owner).is_empty()
            && matches!(game.card_use(*use_id).card.kind, CardKind::Slash | CardKind::Duel))
}

/// Cancels the owner as a target of the card use (H-TURN-2), for 空城 and the other 国战 skills
/// that cancel at "becoming a target" (谦逊).
pub(crate) fn cancel(
    game: &mut Game,
    owner: Seat,
    data: &mut TimingData,
    _: &Action,
) -> Option<Frame> {
    if let TimingData::Target { use_id, .. } = data {
        game.card_use_mut(*use_id).cancelled.push(owner);
    }
    None
}

#[cfg(test)]
mod tests {
    use crate::card::CardKind::*;
    use crate::ids::GeneralId as G;
    use crate::modes::hegemony::hidden_tests::table;
    use crate::prompt::PromptKind;
    use crate::testing::{cards, seat, Check};

    /// H-SK-kongcheng (H-TURN-2): 诸葛亮 without hand cards may be chosen by the 杀 of 马超, who is
    /// not asked for 铁骑: 诸葛亮 is cancelled first, and the 杀 does nothing.
    #[test]
    fn h_sk_kongcheng_chosen_then_cancelled_before_tieqi() {
        let mut s = table(&[
            (G::HegMachao, G::HegHuangzhong, true, true),
            (G::HegZhugeliang, G::HegHuangyueying, true, true),
        ]);
        seat(&mut s, 0).hand = cards(&[Slash]);
        let mut c = Check::new(s);
        c.card(0, Slash, &[1]);
        assert!(!c.is_asked(0, |k| matches!(k, PromptKind::Confirm { .. })));
        assert!(!c.is_asked(1, |k| matches!(k, PromptKind::Respond { .. })));
        assert_eq!(c.hp(1), 3);
        assert!(c.is_asked(0, |k| matches!(k, PromptKind::Play)));
        assert_eq!(c.discard_pile(), vec![Slash]);
    }

    /// H-SK-kongcheng: with a hand card he is an ordinary target.
    #[test]
    fn h_sk_kongcheng_not_with_a_hand_card() {
        let mut s = table(&[
            (G::HegZhangfei, G::HegGuanyu, true, true),
            (G::HegZhugeliang, G::HegHuangyueying, true, true),
        ]);
        seat(&mut s, 0).hand = cards(&[Slash]);
        seat(&mut s, 1).hand = cards(&[Peach]);
        let mut c = Check::new(s);
        c.card(0, Slash, &[1]);
        c.pass(1);
        assert_eq!(c.hp(1), 2);
    }
}
