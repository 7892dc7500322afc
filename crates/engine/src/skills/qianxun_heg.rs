//! 谦逊 Qianxun, 国战 text — 陆逊 (国战, H-SK-qianxun).
//!
//! 锁定技，当你成为【顺手牵羊】或【乐不思蜀】的目标时，你取消此目标。
//! Compulsory: when you become a target of 顺手牵羊 or 乐不思蜀, cancel yourself as a target.
//!
//! The identity 谦逊 (`qianxun.rs`) forbids choosing him; here he is chosen, then removed at
//! "becoming a target" (H-TURN-2, as 空城: `kongcheng_heg::cancel`): a 顺手牵羊 left without
//! targets goes to the discard pile. The engine places a delayed trick as it is used, with no
//! "becoming a target" step, so 乐不思蜀 still cannot be used on him (the identity reading; the
//! card stays in its user's hand instead of being wasted — docs/rulings.md).

use crate::card::{CardKind, UsedCard};
use crate::def::skill::{Ask, Modifiers, SkillDef, Tags, Trigger};
use crate::game::Game;
use crate::ids::SkillId;
use crate::resolve::{Timing, TimingData};
use crate::seat::Seat;

use super::kongcheng_heg::cancel;

pub static DEF: SkillDef = SkillDef {
    tags: Tags {
        compulsory: true,
        ..Tags::NONE
    },
    modifiers: Modifiers {
        prohibit: Some(no_indulgence),
        ..Modifiers::NONE
    },
    triggers: &[Trigger {
        timing: Timing::TargetChosen,
        can_trigger,
        ask: Ask::Never,
        on_trigger: cancel,
    }],
    ..SkillDef::named(
        SkillId::QianxunHeg,
        "谦逊",
        "Qianxun",
        "锁定技，当你成为【顺手牵羊】或【乐不思蜀】的目标时，你取消此目标。",
        "Compulsory: when you become a target of Snatch or Indulgence, cancel yourself as a target.",
    )
};

fn no_indulgence(_: &Game, _: Seat, _: Seat, card: &UsedCard) -> bool {
    card.kind == CardKind::Indulgence
}

fn can_trigger(game: &Game, owner: Seat, data: &TimingData) -> bool {
    matches!(data, TimingData::Target { use_id, target }
        if *target == owner
            && matches!(game.card_use(*use_id).card.kind, CardKind::Snatch | CardKind::Indulgence))
}

#[cfg(test)]
mod tests {
    use crate::card::CardKind::*;
    use crate::ids::GeneralId as G;
    use crate::modes::hegemony::hidden_tests::table;
    use crate::testing::{cards, seat, Check};

    /// H-SK-qianxun (H-TURN-2): 顺手牵羊 on 陆逊 is cancelled as he becomes its target and
    /// takes nothing; 乐不思蜀 cannot be used on him.
    #[test]
    fn h_sk_qianxun_snatch_is_cancelled() {
        let mut s = table(&[
            (G::HegDaqiao, G::HegXiaoqiao, true, true),
            (G::HegLuxun, G::HegSunquan, true, false),
            (G::HegCaocao, G::HegXuchu, true, true),
        ]);
        seat(&mut s, 0).hand = cards(&[Indulgence, Snatch]);
        seat(&mut s, 1).hand = cards(&[Jink]);
        let mut c = Check::new(s);
        assert!(c.find_card(0, Indulgence, &[1]).is_none());
        c.card(0, Snatch, &[1]);
        c.pass_windows();
        assert_eq!(c.hand(1), vec![Jink], "顺手牵羊 took nothing");
        assert_eq!(c.discard_pile(), vec![Snatch]);
    }
}
