//! 方天画戟 Halberd (Sky Piercing Halberd) — 武器, range 4.
//!
//! 你使用【杀】时，若此【杀】是你最后的手牌，你可以额外选择至多两个目标。
//! When the 杀 you use is your last hand card(s), you may choose up to two extra targets.

use crate::card::{CardKind, Slot, UsedCard};
use crate::def::card::CardDef;
use crate::def::skill::{Modifiers, SkillDef};
use crate::game::Game;
use crate::ids::SkillId;
use crate::seat::Seat;

pub static DEF: CardDef = CardDef::equipment(
    CardKind::Halberd,
    [
        "方天画戟",
        "Halberd",
        "你使用【杀】时，若此【杀】是你最后的手牌，你可以额外选择至多两个目标。",
        "When the Slash you use is your last hand card(s), you may choose up to two extra targets.",
    ],
    Slot::Weapon,
    4,
    Some(SkillId::Halberd),
);

pub static SKILL: SkillDef = SkillDef {
    modifiers: Modifiers {
        extra_targets: Some(last_hand_cards),
        ..Modifiers::NONE
    },
    ..SkillDef::named(
        SkillId::Halberd,
        "方天画戟",
        "Halberd",
        DEF.text_zh,
        DEF.text_en,
    )
};

fn last_hand_cards(game: &Game, owner: Seat, card: &UsedCard) -> u8 {
    let hand = game.hand(owner);
    let is_last = card.kind == CardKind::Slash
        && !card.cards.is_empty()
        && hand.len() == card.cards.len()
        && card.cards.iter().all(|c| hand.contains(c));
    if is_last {
        2
    } else {
        0
    }
}

#[cfg(test)]
mod tests {
    use crate::card::CardKind::*;
    use crate::seat::Role::*;
    use crate::testing::{cards, seat, table, Check};

    #[test]
    fn a_last_hand_card_slash_may_take_two_extra_targets() {
        let mut s = table(&[Lord, Rebel, Rebel, Rebel, Rebel]);
        seat(&mut s, 0).hand = cards(&[Slash]);
        seat(&mut s, 0).equip = cards(&[Halberd]);
        let mut c = Check::new(s);
        assert!(c.find_card(0, Slash, &[1, 2, 3, 4]).is_none());
        c.card(0, Slash, &[1, 3, 4]);
        // One 闪 window per target, in seat order.
        c.pass(1).pass(3).pass(4);
        assert_eq!([c.hp(1), c.hp(2), c.hp(3), c.hp(4)], [3, 4, 3, 3]);
        assert_eq!(c.game.turn().slashes_used, 1);
    }

    #[test]
    fn not_while_other_hand_cards_remain() {
        let mut s = table(&[Lord, Rebel, Rebel, Rebel]);
        seat(&mut s, 0).hand = cards(&[Slash, Jink]);
        seat(&mut s, 0).equip = cards(&[Halberd]);
        let c = Check::new(s);
        assert!(c.find_card(0, Slash, &[1]).is_some());
        assert!(c.find_card(0, Slash, &[1, 2]).is_none());
    }

    #[test]
    fn extra_targets_must_be_in_range() {
        let mut s = table(&[
            Lord, Rebel, Rebel, Rebel, Rebel, Rebel, Rebel, Rebel, Rebel, Rebel,
        ]);
        seat(&mut s, 0).hand = cards(&[Slash]);
        seat(&mut s, 0).equip = cards(&[Halberd]);
        let c = Check::new(s);
        assert!(c.find_card(0, Slash, &[1, 4]).is_some());
        assert!(c.find_card(0, Slash, &[1, 5]).is_none());
    }
}
