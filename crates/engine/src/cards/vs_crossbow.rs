//! 连弩 Repeating Crossbow — 武器 of the 2013 3v3 deck (`modes.md` M-3V3-12), range 1.
//!
//! 锁定技，出牌阶段，你可以额外使用三张【杀】。
//! Compulsory: in your play phase you may use three more 杀 than the limit (four in all).

use crate::card::{CardKind, Slot};
use crate::def::card::CardDef;
use crate::def::skill::{Modifiers, SkillDef, Tags};
use crate::game::Game;
use crate::ids::SkillId;
use crate::seat::Seat;

pub static DEF: CardDef = CardDef::equipment(
    CardKind::VsCrossbow,
    [
        "连弩",
        "Repeating Crossbow",
        "锁定技，出牌阶段，你可以额外使用三张【杀】。",
        "Compulsory: in your play phase you may use three more Slashes.",
    ],
    Slot::Weapon,
    1,
    Some(SkillId::VsCrossbow),
);

pub static SKILL: SkillDef = SkillDef {
    tags: Tags {
        compulsory: true,
        ..Tags::NONE
    },
    modifiers: Modifiers {
        extra_slashes: Some(three_more),
        ..Modifiers::NONE
    },
    ..SkillDef::named(
        SkillId::VsCrossbow,
        "连弩",
        "Repeating Crossbow",
        DEF.text_zh,
        DEF.text_en,
    )
};

fn three_more(_: &Game, _: Seat) -> u8 {
    3
}

#[cfg(test)]
mod tests {
    use crate::card::CardKind::*;
    use crate::modes::three_v_three::SEATING;
    use crate::ruleset::{PackChoice, Ruleset};
    use crate::scenario::Scenario;
    use crate::seat::Seat;
    use crate::testing::{cards, seat, Check};

    /// A 3v3 table with the 2013 deck (the only deck holding 连弩): seat 0 (a cool vanguard) in
    /// its play phase with 连弩 and `slashes` 杀; seat 5 (a warm vanguard) sits next to it.
    fn armed(slashes: usize) -> Check {
        let mut s = Scenario::with_roles(&SEATING);
        s.ruleset = Ruleset {
            mode: "3v3".into(),
            cards: vec![PackChoice::new("3v3")],
            ..Ruleset::standard().white()
        };
        s.current = Some(Seat(0));
        seat(&mut s, 0).hand = cards(&vec![Slash; slashes]);
        seat(&mut s, 0).equip = cards(&[VsCrossbow]);
        seat(&mut s, 5).hp = Some(8);
        seat(&mut s, 5).max_hp = Some(8);
        Check::new(s)
    }

    #[test]
    fn m_3v3_12_four_slashes_in_the_play_phase_and_no_more() {
        let mut c = armed(5);
        for _ in 0..4 {
            c.card(0, Slash, &[5]).pass(5);
        }
        assert_eq!(c.hp(5), 4);
        assert!(
            c.find_card(0, Slash, &[5]).is_none(),
            "the fifth 杀 is over the limit"
        );
    }

    #[test]
    fn m_3v3_12_its_range_is_one() {
        let c = armed(1);
        assert!(c.find_card(0, Slash, &[5]).is_some());
        assert!(c.find_card(0, Slash, &[4]).is_none());
    }
}
