//! 谦逊 Qianxun — 陆逊.
//!
//! 锁定技，你不能成为【顺手牵羊】和【乐不思蜀】的目标。
//! Compulsory: you cannot be targeted by Snatch or Indulgence.
//!
//! What counts is the card as used: a ♦ card used as 乐不思蜀 by 国色 cannot target 陆逊 either.

use crate::card::{CardKind, UsedCard};
use crate::def::skill::{Modifiers, SkillDef, Tags};
use crate::game::Game;
use crate::ids::SkillId;
use crate::seat::Seat;

pub static DEF: SkillDef = SkillDef {
    tags: Tags {
        compulsory: true,
        ..Tags::NONE
    },
    modifiers: Modifiers {
        prohibit: Some(prohibit),
        ..Modifiers::NONE
    },
    ..SkillDef::named(
        SkillId::Qianxun,
        "谦逊",
        "Qianxun",
        "锁定技，你不能成为【顺手牵羊】和【乐不思蜀】的目标。",
        "Compulsory: you cannot be targeted by Snatch or Indulgence.",
    )
};

fn prohibit(_: &Game, _: Seat, _: Seat, card: &UsedCard) -> bool {
    matches!(card.kind, CardKind::Snatch | CardKind::Indulgence)
}

#[cfg(test)]
mod tests {
    use crate::card::CardKind::*;
    use crate::card::Suit;
    use crate::ids::GeneralId;
    use crate::ids::SkillId;
    use crate::scenario::CardSpec;
    use crate::seat::Role::*;
    use crate::testing::{cards, seat, table, Check};

    /// Seat 0 (大乔, holding 顺手牵羊, 乐不思蜀, 过河拆桥 and a ♦ 闪) faces 陆逊 in seat 1 and
    /// a white general in seat 2, both with a card.
    fn luxun() -> Check {
        let mut s = table(&[Lord, Rebel, Rebel]);
        seat(&mut s, 0).general = GeneralId::Daqiao;
        seat(&mut s, 0).hand = vec![
            CardSpec::kind(Snatch),
            CardSpec::kind(Indulgence),
            CardSpec::kind(Dismantlement),
            CardSpec::exact(Jink, Suit::Diamond, 2),
        ];
        seat(&mut s, 1).general = GeneralId::Luxun;
        seat(&mut s, 1).hand = cards(&[Peach]);
        seat(&mut s, 2).hand = cards(&[Peach]);
        Check::new(s)
    }

    #[test]
    fn cannot_be_chosen_for_snatch_or_indulgence() {
        let c = luxun();
        assert!(c.find_card(0, Snatch, &[1]).is_none());
        assert!(c.find_card(0, Indulgence, &[1]).is_none());
        // Others still can, and other tricks still reach 陆逊.
        assert!(c.find_card(0, Snatch, &[2]).is_some());
        assert!(c.find_card(0, Indulgence, &[2]).is_some());
        assert!(c.find_card(0, Dismantlement, &[1]).is_some());
    }

    #[test]
    fn nor_for_a_converted_indulgence() {
        let c = luxun();
        let guose = |target: u8| {
            c.find(0, |_, skill, t| {
                skill == Some(SkillId::Guose) && t.iter().map(|s| s.0).eq([target])
            })
        };
        assert!(guose(1).is_none());
        assert!(guose(2).is_some());
    }

    #[test]
    fn only_protects_luxun_as_a_target() {
        // 陆逊 as the user is unaffected: he may snatch others.
        let mut s = table(&[Lord, Rebel]);
        seat(&mut s, 0).general = GeneralId::Luxun;
        seat(&mut s, 0).hand = cards(&[Snatch]);
        seat(&mut s, 1).general = GeneralId::Luxun;
        seat(&mut s, 1).hand = cards(&[Peach]);
        let c = Check::new(s);
        assert!(c.find_card(0, Snatch, &[1]).is_none());
        let mut s = table(&[Lord, Rebel]);
        seat(&mut s, 0).general = GeneralId::Luxun;
        seat(&mut s, 0).hand = cards(&[Snatch]);
        seat(&mut s, 1).hand = cards(&[Peach]);
        let c = Check::new(s);
        assert!(c.find_card(0, Snatch, &[1]).is_some());
    }
}
