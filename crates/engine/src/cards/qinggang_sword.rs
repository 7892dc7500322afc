//! 青釭剑 Qinggang Sword — 武器, range 2.
//!
//! 锁定技，你的【杀】无视目标角色的防具。 Compulsory: your 杀 ignores the target's armor.

use crate::card::{CardKind, Slot, UsedCard};
use crate::def::card::CardDef;
use crate::def::skill::{Modifiers, SkillDef, Tags};
use crate::game::Game;
use crate::ids::SkillId;
use crate::seat::Seat;

pub static DEF: CardDef = CardDef::equipment(
    CardKind::QinggangSword,
    [
        "青釭剑",
        "Qinggang Sword",
        "锁定技，你的【杀】无视目标角色的防具。",
        "Compulsory: your Slash ignores the target's armor.",
    ],
    Slot::Weapon,
    2,
    Some(SkillId::QinggangSword),
);

pub static SKILL: SkillDef = SkillDef {
    tags: Tags {
        compulsory: true,
        ..Tags::NONE
    },
    modifiers: Modifiers {
        ignores_armor: Some(slash_ignores_armor),
        ..Modifiers::NONE
    },
    ..SkillDef::named(
        SkillId::QinggangSword,
        "青釭剑",
        "Qinggang Sword",
        DEF.text_zh,
        DEF.text_en,
    )
};

fn slash_ignores_armor(_: &Game, _: Seat, card: &UsedCard) -> bool {
    card.kind == CardKind::Slash
}

#[cfg(test)]
mod tests {
    use crate::action::Action;
    use crate::card::CardKind::*;
    use crate::card::Suit;
    use crate::prompt::PromptKind;
    use crate::scenario::CardSpec;
    use crate::seat::Role::*;
    use crate::testing::{cards, seat, table, Check};

    fn offers_a_skill(c: &Check, seat: u8) -> bool {
        c.prompt(seat)
            .legal_actions(64)
            .iter()
            .any(|a| matches!(a, Action::Skill { .. }))
    }

    #[test]
    fn its_slash_ignores_eight_diagram() {
        let mut s = table(&[Lord, Rebel]);
        seat(&mut s, 0).hand = cards(&[Slash]);
        seat(&mut s, 0).equip = cards(&[QinggangSword]);
        seat(&mut s, 1).equip = cards(&[EightDiagram]);
        let mut c = Check::new(s);
        c.card(0, Slash, &[1]);
        assert!(c.is_asked(1, |k| matches!(k, PromptKind::Respond { card: Jink, .. })));
        assert!(!offers_a_skill(&c, 1));
        c.pass(1);
        assert_eq!(c.hp(1), 3);
    }

    #[test]
    fn its_black_slash_ignores_renwang_shield() {
        let mut s = table(&[Lord, Rebel]);
        seat(&mut s, 0).hand = vec![CardSpec::exact(Slash, Suit::Spade, 7)];
        seat(&mut s, 0).equip = cards(&[QinggangSword]);
        seat(&mut s, 1).equip = cards(&[RenwangShield]);
        let mut c = Check::new(s);
        c.card(0, Slash, &[1]).pass(1);
        assert_eq!(c.hp(1), 3);
    }

    #[test]
    fn only_slashes_ignore_armor() {
        let mut s = table(&[Lord, Rebel]);
        seat(&mut s, 0).hand = cards(&[ArcheryAttack]);
        seat(&mut s, 0).equip = cards(&[QinggangSword]);
        seat(&mut s, 1).equip = cards(&[EightDiagram]);
        let mut c = Check::new(s);
        c.card(0, ArcheryAttack, &[]).pass_windows();
        assert!(offers_a_skill(&c, 1));
    }
}
