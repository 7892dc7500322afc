//! 名士 Mingshi — 孔融 (国战, H-SK-mingshi).
//!
//! 锁定技，当你受到伤害时，若伤害来源有暗置的武将牌，此伤害-1。
//! Compulsory: when you would take damage from a source that has at least one hidden general,
//! that damage −1 (prevented if it becomes 0).
//!
//! Applied at "when taking damage" (受到伤害时), after the source's own bonuses (酒, 裸衣). A
//! damage without a source, or from a source with both generals shown, is unchanged. A hidden
//! 孔融 is asked whether to reveal for it (H-REV-7).

use crate::action::Action;
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
        timing: Timing::TakingDamage,
        can_trigger,
        ask: Ask::Never,
        on_trigger,
    }],
    ..SkillDef::named(
        SkillId::Mingshi,
        "名士",
        "Mingshi",
        "锁定技，当你受到伤害时，若伤害来源有暗置的武将牌，此伤害-1。",
        "Compulsory: when you take damage, if its source has a hidden general, the damage is reduced by 1.",
    )
};

fn can_trigger(game: &Game, owner: Seat, data: &TimingData) -> bool {
    let TimingData::Damage(d) = data else {
        return false;
    };
    d.target == owner
        && d.amount > 0
        && !d.prevented
        && d.source
            .is_some_and(|s| game.duo(s).is_some_and(|duo| duo.has_hidden()))
}

fn on_trigger(_: &mut Game, _: Seat, data: &mut TimingData, _: &Action) -> Option<Frame> {
    if let TimingData::Damage(d) = data {
        d.amount = d.amount.saturating_sub(1);
        if d.amount == 0 {
            d.prevented = true;
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use crate::card::CardKind::*;
    use crate::ids::GeneralId as G;
    use crate::modes::hegemony::hidden_tests::table;
    use crate::testing::{cards, seat, Check};

    /// 张飞 (seat 0, 关羽 shown or not) slashes 孔融 (seat 1), who has no 闪.
    fn slashed(deputy_shown: bool) -> Check {
        let mut s = table(&[
            (G::HegZhangfei, G::HegGuanyu, true, deputy_shown),
            (G::HegKongrong, G::HegJiling, true, true),
            (G::HegCaocao, G::HegXuchu, true, true),
        ]);
        seat(&mut s, 0).hand = cards(&[Slash]);
        let mut c = Check::new(s);
        c.card(0, Slash, &[1]).pass(1);
        c
    }

    /// H-SK-mingshi: the 杀 of a source with a hidden general does nothing to 孔融.
    #[test]
    fn h_sk_mingshi_less_damage_from_a_hidden_source() {
        assert_eq!(slashed(false).hp(1), 3, "1 − 1: prevented");
    }

    /// H-SK-mingshi: from a source with both generals shown the damage is whole.
    #[test]
    fn h_sk_mingshi_not_from_a_shown_source() {
        assert_eq!(slashed(true).hp(1), 2);
    }
}
