//! 无中生有 Ex Nihilo — 普通锦囊.
//!
//! 出牌阶段，对你使用。你摸两张牌。 Use on yourself: draw two cards.

use crate::card::{CardKind, Category};
use crate::def::card::{always, user_only, CardDef, Target};
use crate::game::Game;
use crate::resolve::{EffectFrame, Step};

pub static DEF: CardDef = CardDef {
    kind: CardKind::ExNihilo,
    name_zh: "无中生有",
    name_en: "Ex Nihilo",
    text_zh: "出牌阶段，对你使用。你摸两张牌。",
    text_en: "Use on yourself: draw two cards.",
    category: Category::Trick,
    range: 0,
    skill: None,
    target: Target::Implicit(user_only),
    can_use: always,
    on_start: None,
    effect: Some(effect),
    delayed: None,
    recast: false,
    on_unequip: None,
    after_effects: None,
};

fn effect(game: &mut Game, frame: &mut EffectFrame) -> Step {
    game.draw(frame.target, 2);
    Step::Done
}

#[cfg(test)]
mod tests {
    use crate::card::CardKind::*;
    use crate::seat::Role::*;
    use crate::testing::{cards, seat, table, Check};

    #[test]
    fn draws_two_cards() {
        let mut s = table(&[Lord, Rebel]);
        seat(&mut s, 0).hand = cards(&[ExNihilo]);
        s.draw_pile_top = cards(&[Peach, Duel]);
        let mut c = Check::new(s);
        c.card(0, ExNihilo, &[]).pass_windows();
        assert_eq!(c.hand(0), vec![Peach, Duel]);
        assert_eq!(c.discard_pile(), vec![ExNihilo]);
    }

    #[test]
    fn nullified_it_draws_nothing() {
        let mut s = table(&[Lord, Rebel]);
        seat(&mut s, 0).hand = cards(&[ExNihilo]);
        seat(&mut s, 1).hand = cards(&[Nullification]);
        let mut c = Check::new(s);
        c.card(0, ExNihilo, &[]);
        c.card(1, Nullification, &[]).pass_windows();
        assert!(c.hand(0).is_empty());
    }
}
