//! 无懈可击 Nullification — 普通锦囊.
//!
//! 一张锦囊牌对一名目标角色生效前，对此牌使用。抵消此锦囊牌对该角色产生的效果。
//! Use when a trick is about to take effect on one target: cancel its effect on that target.
//! It can itself be answered by another 无懈可击 (see `resolve/nullify.rs`).

use crate::card::{CardKind, Category};
use crate::def::card::{never, CardDef, Target};

pub static DEF: CardDef = CardDef {
    kind: CardKind::Nullification,
    name_zh: "无懈可击",
    name_en: "Nullification",
    text_zh: "一张锦囊牌对一名目标角色生效前，对此牌使用：抵消此锦囊牌对该角色产生的效果。",
    text_en: "Use when a trick would take effect on a target: cancel its effect on that target.",
    category: Category::Trick,
    range: 0,
    skill: None,
    target: Target::None,
    can_use: never,
    on_start: None,
    effect: None,
    delayed: None,
    recast: false,
    on_unequip: None,
    after_effects: None,
};

#[cfg(test)]
mod tests {
    use crate::card::CardKind::*;
    use crate::prompt::PromptKind;
    use crate::seat::Role::*;
    use crate::testing::{cards, seat, table, Check};

    #[test]
    fn cannot_be_used_on_its_own() {
        let mut s = table(&[Lord, Rebel]);
        seat(&mut s, 0).hand = cards(&[Nullification]);
        let c = Check::new(s);
        assert!(c.find_card(0, Nullification, &[]).is_none());
    }

    #[test]
    fn every_living_seat_is_asked_even_without_one() {
        let mut s = table(&[Lord, Rebel, Rebel]);
        seat(&mut s, 0).hand = cards(&[ExNihilo]);
        let mut c = Check::new(s);
        c.card(0, ExNihilo, &[]);
        for i in 0..3 {
            assert!(c.is_asked(i, |k| matches!(
                k,
                PromptKind::Nullify {
                    trick: ExNihilo,
                    countering: false,
                    ..
                }
            )));
        }
        c.pass_windows();
        assert_eq!(c.hand(0).len(), 2);
    }

    #[test]
    fn the_user_may_nullify_its_own_trick() {
        let mut s = table(&[Lord, Rebel]);
        seat(&mut s, 0).hand = cards(&[Duel, Nullification]);
        let mut c = Check::new(s);
        c.card(0, Duel, &[1])
            .card(0, Nullification, &[])
            .pass_windows();
        assert_eq!(c.hp(1), 4);
    }

    #[test]
    fn basic_and_equipment_cards_open_no_window() {
        // timing-rulings.md C.16.
        let mut s = table(&[Lord, Rebel]);
        seat(&mut s, 0).hand = cards(&[Slash, Crossbow]);
        seat(&mut s, 1).hand = cards(&[Nullification]);
        let mut c = Check::new(s);
        c.card(0, Crossbow, &[]);
        assert!(!c.has_prompt(1));
        assert_eq!(c.equipment(0), vec![Crossbow]);
        c.card(0, Slash, &[1]);
        assert!(c.is_asked(1, |k| matches!(k, PromptKind::Respond { .. })));
        assert!(c.find_card(1, Nullification, &[]).is_none());
    }

    #[test]
    fn delayed_tricks_open_no_window_when_placed() {
        // timing-rulings.md C.14.
        let mut s = table(&[Lord, Rebel]);
        seat(&mut s, 0).hand = cards(&[Indulgence]);
        seat(&mut s, 1).hand = cards(&[Nullification]);
        let mut c = Check::new(s);
        c.card(0, Indulgence, &[1]);
        assert!(!c.has_prompt(1));
        assert_eq!(c.judge_area(1), vec![Indulgence]);
    }
}
