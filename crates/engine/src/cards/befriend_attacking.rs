//! 远交近攻 Befriend Attacking — 普通锦囊 of the 国战 deck (`hegemony.md` H-CARD-YUANJIAO).
//!
//! 出牌阶段，对一名与你势力不同的角色使用（你须有明置的武将牌）。目标角色摸一张牌，然后你摸三张牌。
//! Usable only while you have a shown general. Target: one character with a shown general of a
//! different faction from yours (H-FAC-3: any careerist but you, any other kingdom); it draws one,
//! then you draw three. A hidden character is of no faction, so it is never a target.

use crate::card::{CardKind, Category, UsedCard};
use crate::def::card::{CardDef, Target};
use crate::game::Game;
use crate::resolve::{EffectFrame, Step};
use crate::seat::Seat;

pub static DEF: CardDef = CardDef {
    kind: CardKind::BefriendAttacking,
    name_zh: "远交近攻",
    name_en: "Befriend Attacking",
    text_zh: "出牌阶段，对一名与你势力不同的角色使用（你须有明置的武将牌）。目标角色摸一张牌，然后你摸三张牌。",
    text_en: "While you have a shown general, use on a character of a different faction: it draws a card, then you draw three.",
    category: Category::Trick,
    range: 0,
    skill: None,
    target: Target::One(of_another_faction),
    can_use: shown,
    on_start: None,
    effect: Some(effect),
    delayed: None,
    recast: false,
    on_unequip: None,
    after_effects: None,
};

/// 你须有明置的武将牌 The user has a shown general.
fn shown(game: &Game, user: Seat, _: &UsedCard) -> bool {
    game.is_determined(user)
}

/// 与你势力不同 (H-FAC-3).
fn of_another_faction(game: &Game, user: Seat, target: Seat, _: &UsedCard) -> bool {
    game.different_faction(user, target)
}

fn effect(game: &mut Game, frame: &mut EffectFrame) -> Step {
    let user = game.card_use(frame.use_id).user;
    game.draw(frame.target, 1);
    if game.is_alive(user) {
        game.draw(user, 3);
    }
    Step::Done
}

#[cfg(test)]
mod tests {
    use crate::card::CardKind::*;
    use crate::cards::heg_test::{heg_table, Side};
    use crate::testing::{cards, seat, Check};

    /// H-CARD-YUANJIAO: the target draws one, then the user three.
    #[test]
    fn h_card_yuanjiao_the_target_draws_one_then_you_three() {
        let mut s = heg_table(&[Side::Wu, Side::Wei]);
        seat(&mut s, 0).hand = cards(&[BefriendAttacking]);
        let mut c = Check::new(s);
        c.card(0, BefriendAttacking, &[1]).pass_windows();
        assert_eq!(c.hand(1).len(), 1);
        assert_eq!(c.hand(0).len(), 3);
        c.assert_conserved();
    }

    /// H-CARD-YUANJIAO: only characters of another faction: not a friend, not a hidden one.
    #[test]
    fn h_card_yuanjiao_never_a_friend_or_a_hidden_character() {
        let mut s = heg_table(&[Side::Wu, Side::Wu, Side::Hidden, Side::Shu]);
        seat(&mut s, 0).hand = cards(&[BefriendAttacking]);
        let c = Check::new(s);
        assert!(c.find_card(0, BefriendAttacking, &[1]).is_none());
        assert!(c.find_card(0, BefriendAttacking, &[2]).is_none());
        assert!(c.find_card(0, BefriendAttacking, &[3]).is_some());
    }

    /// H-CARD-YUANJIAO: a user with no shown general cannot use it.
    #[test]
    fn h_card_yuanjiao_needs_a_shown_general() {
        let mut s = heg_table(&[Side::Hidden, Side::Shu]);
        seat(&mut s, 0).hand = cards(&[BefriendAttacking]);
        let c = Check::new(s);
        assert!(c.find_card(0, BefriendAttacking, &[1]).is_none());
    }
}
