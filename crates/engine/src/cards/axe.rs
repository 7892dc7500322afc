//! 贯石斧 Axe (Stone-Piercing Axe) — 武器, range 3.
//!
//! 当你使用的【杀】被【闪】抵消后，你可以弃置两张牌，令此【杀】依然造成伤害。
//! After your 杀 is cancelled by a 闪, you may discard two cards (hand or equipment, not the axe)
//! to make it deal its damage anyway.

use crate::action::Action;
use crate::card::{CardKind, Slot};
use crate::def::card::CardDef;
use crate::def::skill::{Ask, SkillDef, Trigger};
use crate::game::Game;
use crate::ids::SkillId;
use crate::prompt::{Cause, Choices, PromptKind};
use crate::resolve::{Frame, Timing, TimingData};
use crate::seat::Seat;

pub static DEF: CardDef = CardDef::equipment(
    CardKind::Axe,
    ["贯石斧", "Axe", "当你使用的【杀】被【闪】抵消后，你可以弃置两张牌，令此【杀】依然造成伤害。", "After your Slash is cancelled by a Jink, you may discard two cards to make it deal damage anyway."],
    Slot::Weapon,
    3,
    Some(SkillId::Axe),
);

pub static SKILL: SkillDef = SkillDef {
    triggers: &[Trigger {
        timing: Timing::SlashDodged,
        can_trigger,
        ask: Ask::Custom(ask),
        on_trigger,
    }],
    ..SkillDef::named(SkillId::Axe, "贯石斧", "Axe", DEF.text_zh, DEF.text_en)
};

fn payable(game: &Game, owner: Seat) -> Vec<crate::card::CardId> {
    let axe = game.equipped(owner, Slot::Weapon);
    let cards = &game.table().seats[owner.index()];
    cards.held().filter(|c| Some(*c) != axe).collect()
}

fn can_trigger(game: &Game, owner: Seat, data: &TimingData) -> bool {
    let TimingData::Dodged { use_id, target } = data else {
        return false;
    };
    game.card_use(*use_id).user == owner
        && game.is_alive(*target)
        && payable(game, owner).len() >= 2
}

fn ask(game: &Game, owner: Seat, _: &TimingData) -> Option<(PromptKind, Choices)> {
    let from = payable(game, owner);
    if from.len() < 2 {
        return None;
    }
    let kind = PromptKind::Choose {
        cause: Cause::Skill(SkillId::Axe),
    };
    let choices = Choices::Cards {
        from,
        min: 2,
        max: 2,
        can_pass: true,
    };
    Some((kind, choices))
}

fn on_trigger(game: &mut Game, _: Seat, data: &mut TimingData, action: &Action) -> Option<Frame> {
    let TimingData::Dodged { use_id, target } = data else {
        return None;
    };
    let Action::Cards { cards } = action else {
        return None;
    };
    game.discard(cards);
    game.card_use_mut(*use_id).forced_hit.push(*target);
    None
}

#[cfg(test)]
mod tests {
    use crate::action::Action;
    use crate::card::CardKind::*;
    use crate::ids::SkillId;
    use crate::prompt::{Cause, Choices, PromptKind};
    use crate::seat::Role::*;
    use crate::testing::{cards, seat, table, Check};

    #[test]
    fn discarding_two_cards_makes_a_dodged_slash_hit() {
        let mut s = table(&[Lord, Rebel]);
        seat(&mut s, 0).hand = cards(&[Slash, Peach]);
        seat(&mut s, 0).equip = cards(&[Axe, Chitu]);
        seat(&mut s, 1).hand = cards(&[Jink]);
        let mut c = Check::new(s);
        c.card(0, Slash, &[1]).card(1, Jink, &[]);
        assert!(c.is_asked(0, |k| *k
            == PromptKind::Choose {
                cause: Cause::Skill(SkillId::Axe)
            }));
        let Choices::Cards { from, .. } = &c.prompt(0).choices else {
            panic!("axe asks for cards");
        };
        // The axe cannot pay for itself.
        let axe = c.game.table().seats[0].equipped(crate::card::Slot::Weapon);
        assert!(!from.contains(&axe.unwrap()));
        assert_eq!(from.len(), 2);
        let paid = from.clone();
        c.act(0, Action::Cards { cards: paid });
        assert_eq!(c.hp(1), 3);
        assert_eq!(c.equipment(0), vec![Axe]);
        assert!(c.hand(0).is_empty());
    }

    #[test]
    fn declined_the_slash_stays_dodged() {
        let mut s = table(&[Lord, Rebel]);
        seat(&mut s, 0).hand = cards(&[Slash, Peach, Peach]);
        seat(&mut s, 0).equip = cards(&[Axe]);
        seat(&mut s, 1).hand = cards(&[Jink]);
        let mut c = Check::new(s);
        c.card(0, Slash, &[1]).card(1, Jink, &[]).pass(0);
        assert_eq!(c.hp(1), 4);
        assert_eq!(c.hand(0).len(), 2);
    }

    #[test]
    fn not_offered_with_fewer_than_two_other_cards() {
        let mut s = table(&[Lord, Rebel]);
        seat(&mut s, 0).hand = cards(&[Slash, Peach]);
        seat(&mut s, 0).equip = cards(&[Axe]);
        seat(&mut s, 1).hand = cards(&[Jink]);
        let mut c = Check::new(s);
        c.card(0, Slash, &[1]).card(1, Jink, &[]);
        assert!(c.is_asked(0, |k| *k == PromptKind::Play));
        assert_eq!(c.hp(1), 4);
    }
}
