//! 八阵 Bazhen — 卧龙诸葛亮 [锁定技].
//!
//! 锁定技，若你的装备区里没有防具牌，视为你装备着【八卦阵】。
//! Compulsory: while you have no armor equipped, you are treated as having Eight Diagram
//! equipped.
//!
//! W-BAZHEN-1: 八卦阵's effect — the one judgment procedure (`resolve::judge::eight_diagram`) —
//! while the armor slot is empty and armor is not ignored (青釭剑's 杀). There is no card:
//! nothing can be discarded or taken from it.

use crate::card::{CardKind, Slot};
use crate::def::skill::{Provider, SkillDef, SkillFrame, Tags};
use crate::game::Game;
use crate::ids::SkillId;
use crate::resolve::Step;
use crate::seat::Seat;

pub static DEF: SkillDef = SkillDef {
    tags: Tags {
        compulsory: true,
        ..Tags::NONE
    },
    provider: Some(Provider {
        kind: CardKind::Jink,
        can_provide,
    }),
    step: Some(step),
    ..SkillDef::named(
        SkillId::Bazhen,
        "八阵",
        "Bazhen",
        "锁定技，若你的装备区里没有防具牌，视为你装备着【八卦阵】。",
        "Compulsory: while you have no armor equipped, you are treated as having an Eight Diagram equipped.",
    )
};

fn can_provide(game: &Game, owner: Seat, use_id: Option<usize>) -> bool {
    game.equipped(owner, Slot::Armor).is_none() && !game.armor_ignored(use_id)
}

fn step(game: &mut Game, frame: &mut SkillFrame) -> Step {
    crate::resolve::judge::eight_diagram(game, frame)
}

#[cfg(test)]
mod tests {
    use crate::card::CardKind::*;
    use crate::card::Suit;
    use crate::event::Event;
    use crate::ids::{GeneralId, SkillId};
    use crate::prompt::Cause;
    use crate::scenario::CardSpec;
    use crate::seat::Role::*;
    use crate::testing::{cards, seat, table, with_pack, Check};

    /// Seat 0 slashes 卧龙 (seat 1) with `equip` on, 卧龙 wearing `armor`; a red card on top.
    fn slashed(equip: &[crate::card::CardKind], armor: &[crate::card::CardKind]) -> Check {
        let mut s = with_pack(table(&[Lord, Rebel]), "fire");
        seat(&mut s, 0).hand = cards(&[Slash]);
        seat(&mut s, 0).equip = cards(equip);
        seat(&mut s, 1).general = GeneralId::Wolong;
        seat(&mut s, 1).equip = cards(armor);
        s.draw_pile_top = vec![CardSpec::exact(Peach, Suit::Heart, 3)];
        let mut c = Check::new(s);
        c.card(0, Slash, &[1]);
        c
    }

    fn offers_bazhen(c: &Check) -> bool {
        c.prompt(1).legal_actions(16).iter().any(|a| {
            matches!(
                a,
                crate::action::Action::Skill {
                    skill: SkillId::Bazhen,
                    ..
                }
            )
        })
    }

    #[test]
    fn w_bazhen_1_with_no_armor_a_red_judgment_is_a_jink() {
        let mut c = slashed(&[], &[]);
        c.skill(1, SkillId::Bazhen);
        assert_eq!(c.hp(1), 3);
        assert!(c.events.iter().any(|e| matches!(
            e,
            Event::Judged {
                cause: Cause::Skill(SkillId::Bazhen),
                ..
            }
        )));
    }

    #[test]
    fn w_bazhen_1_not_while_an_armor_is_equipped() {
        let c = slashed(&[], &[EightDiagram]);
        // The real armor is offered; 八阵 not.
        assert!(!offers_bazhen(&c));
        assert!(c.prompt(1).legal_actions(16).iter().any(|a| matches!(
            a,
            crate::action::Action::Skill {
                skill: SkillId::EightDiagram,
                ..
            }
        )));
    }

    #[test]
    fn w_bazhen_1_not_against_a_slash_that_ignores_armor() {
        let c = slashed(&[QinggangSword], &[]);
        assert!(!offers_bazhen(&c));
    }
}
