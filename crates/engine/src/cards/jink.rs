//! 闪 Jink — 基本牌.
//!
//! 以你为目标的【杀】生效前，对此【杀】使用。抵消此【杀】的效果。
//! Use when a 杀 targeting you is about to take effect: cancel it. Never used on its own.

use crate::card::{CardKind, Category};
use crate::def::card::{never, CardDef, Target};

pub static DEF: CardDef = CardDef {
    kind: CardKind::Jink,
    name_zh: "闪",
    name_en: "Jink",
    text_zh: "以你为目标的【杀】生效前，对此【杀】使用：抵消此【杀】的效果。",
    text_en: "Use when a Slash targeting you would take effect: cancel it.",
    category: Category::Basic,
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
    use crate::event::Event;
    use crate::seat::Role::*;
    use crate::testing::{cards, seat, table, Check};

    #[test]
    fn jink_cannot_be_used_on_its_own() {
        let mut s = table(&[Lord, Rebel]);
        seat(&mut s, 0).hand = cards(&[Jink]);
        let c = Check::new(s);
        assert!(c.find_card(0, Jink, &[]).is_none());
        assert!(c.find_card(0, Jink, &[1]).is_none());
    }

    #[test]
    fn jink_is_used_against_a_slash_and_discarded() {
        let mut s = table(&[Lord, Rebel]);
        seat(&mut s, 0).hand = cards(&[Slash]);
        seat(&mut s, 1).hand = cards(&[Jink]);
        let mut c = Check::new(s);
        c.card(0, Slash, &[1]).card(1, Jink, &[]);
        assert_eq!(c.hp(1), 4);
        assert!(c.events.iter().any(|e| matches!(
            e,
            Event::CardUsed { seat, card, .. } if seat.0 == 1 && card.kind == Jink
        )));
        assert_eq!(c.discard_pile(), vec![Jink, Slash]);
    }
}
