//! 短兵 Duanbing — 丁奉 (国战, H-SK-duanbing).
//!
//! 你使用【杀】可以额外选择一名距离为1的角色为目标。
//! Your 杀 may target one additional character at distance 1 from you.
//!
//! A status skill ([QHeg] in `Slash::targetFilter`): the choice of targets may hold one more, so
//! long as one of them is at distance 1 (`Modifiers::near_extra_target`). While 丁奉 is hidden
//! it does nothing (status skills of hidden generals are not offered, decision 0018).

use crate::card::{CardKind, UsedCard};
use crate::def::skill::{Modifiers, SkillDef};
use crate::game::Game;
use crate::ids::SkillId;
use crate::seat::Seat;

pub static DEF: SkillDef = SkillDef {
    modifiers: Modifiers {
        near_extra_target: Some(slash),
        ..Modifiers::NONE
    },
    ..SkillDef::named(
        SkillId::Duanbing,
        "短兵",
        "Duanbing",
        "你使用【杀】可以额外选择一名距离为1的角色为目标。",
        "Your Slash may target one more character at distance 1 from you.",
    )
};

fn slash(_: &Game, _: Seat, card: &UsedCard) -> bool {
    card.kind == CardKind::Slash
}

#[cfg(test)]
mod tests {
    use crate::card::CardKind::*;
    use crate::ids::GeneralId as G;
    use crate::modes::hegemony::hidden_tests::table;
    use crate::testing::{cards, seat, Check};

    /// H-SK-duanbing: with 丈八蛇矛 (range 3) 丁奉 may 杀 seats 1 and 5 (distance 1) or seats 1
    /// and 3, but not seats 2 and 3 (distance 2 and 3: neither is the extra one at distance 1).
    #[test]
    fn h_sk_duanbing_one_more_target_at_distance_one() {
        let mut s = table(&[
            (G::HegDingfeng, G::HegSunjian, true, true),
            (G::HegCaocao, G::HegXuchu, true, true),
            (G::HegLiubei, G::HegGuanyu, true, true),
            (G::HegLvbu, G::HegDiaochan, true, true),
            (G::HegZhangliao, G::HegXiahoudun, true, true),
            (G::HegZhangfei, G::HegZhaoyun, true, true),
        ]);
        seat(&mut s, 0).hand = cards(&[Slash]);
        seat(&mut s, 0).equip = cards(&[SerpentSpear]);
        let c = Check::new(s);
        assert!(c.find_card(0, Slash, &[1, 5]).is_some());
        assert!(c.find_card(0, Slash, &[1, 3]).is_some());
        assert!(c.find_card(0, Slash, &[2, 3]).is_none());
        assert!(
            c.find_card(0, Slash, &[1, 2, 5]).is_none(),
            "one more, not two"
        );
    }
}
