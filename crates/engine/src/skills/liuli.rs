//! 流离 Liuli — 大乔.
//!
//! 当你成为【杀】的目标时，你可以弃置一张牌并选择你攻击范围内的一名其他角色（不能是此【杀】的使用者），将此【杀】转移给该角色。
//! When you become the target of a Slash, you may discard a card and redirect it to another character within your attack range (not its user).
//!
//! The new target must be one the 杀 could have been used on, distance aside (空城 still
//! protects), and not already one of its targets. The card discarded may be a hand or an
//! equipment card; the range is checked as if it were already gone, so discarding her weapon
//! leaves her a range of 1 and discarding her −1 horse lengthens her distances
//! (`docs/rulings.md`).

use crate::action::Action;
use crate::card::{CardId, CardKind, Slot};
use crate::def::skill::{Ask, SkillDef, Trigger};
use crate::game::Game;
use crate::ids::SkillId;
use crate::prompt::{Cause, Choices, PromptKind};
use crate::resolve::{Frame, Timing, TimingData};
use crate::seat::Seat;

pub static DEF: SkillDef = SkillDef {
    triggers: &[Trigger {
        timing: Timing::TargetChosen,
        can_trigger,
        ask: Ask::Custom(ask),
        on_trigger,
    }],
    ..SkillDef::named(SkillId::Liuli, "流离", "Liuli", "当你成为【杀】的目标时，你可以弃置一张牌并选择你攻击范围内的一名其他角色（不能是此【杀】的使用者），将此【杀】转移给该角色。", "When you become the target of a Slash, you may discard a card and redirect it to another character within your attack range (not its user).")
};

fn can_trigger(game: &Game, owner: Seat, data: &TimingData) -> bool {
    let TimingData::Target { use_id, target } = data else {
        return false;
    };
    *target == owner && game.card_use(*use_id).card.kind == CardKind::Slash
}

/// Is `to` within `owner`'s attack range once `paid` has left her areas?
fn in_range_without(game: &Game, owner: Seat, to: Seat, paid: CardId) -> bool {
    let range = if game.equipped(owner, Slot::Weapon) == Some(paid) {
        1
    } else {
        game.attack_range(owner)
    };
    game.distance_without(owner, to, Some(paid)) <= range
}

/// Every (card, new target) pair 大乔 may choose.
fn choices(game: &Game, owner: Seat, use_id: usize) -> Vec<Action> {
    let card_use = game.card_use(use_id);
    let cards = &game.table.seats[owner.index()];
    let payable: Vec<CardId> = cards.held().collect();
    let mut actions = Vec::new();
    for paid in payable {
        for to in game.order_from(owner) {
            if to == owner
                || to == card_use.user
                || card_use.targets.contains(&to)
                || game.is_prohibited(card_use.user, to, &card_use.card)
                || !in_range_without(game, owner, to, paid)
            {
                continue;
            }
            actions.push(Action::Skill {
                skill: SkillId::Liuli,
                cards: vec![paid],
                targets: vec![to],
            });
        }
    }
    actions
}

fn ask(game: &Game, owner: Seat, data: &TimingData) -> Option<(PromptKind, Choices)> {
    let TimingData::Target { use_id, .. } = data else {
        return None;
    };
    let mut actions = choices(game, owner, *use_id);
    if actions.is_empty() {
        return None;
    }
    actions.push(Action::Pass);
    let kind = PromptKind::Choose {
        cause: Cause::Skill(SkillId::Liuli),
    };
    Some((kind, Choices::actions(actions)))
}

fn on_trigger(game: &mut Game, _: Seat, data: &mut TimingData, action: &Action) -> Option<Frame> {
    let TimingData::Target { target, .. } = data else {
        return None;
    };
    let Action::Skill { cards, targets, .. } = action else {
        return None;
    };
    let &[to] = targets.as_slice() else {
        return None;
    };
    game.discard(cards);
    *target = to;
    None
}

#[cfg(test)]
mod tests {
    use crate::action::Action;
    use crate::card::CardKind::{self, *};
    use crate::card::{CardId, Suit};
    use crate::event::Event;
    use crate::ids::GeneralId;
    use crate::ids::SkillId;
    use crate::prompt::PromptKind;
    use crate::scenario::{CardSpec, Scenario};
    use crate::seat::Role::*;
    use crate::seat::Seat;
    use crate::testing::{cards, seat, table, Check};

    /// Four seats: seat 0 holds a 杀 (range 1); 大乔 sits in seat 1 with
    /// `hand` and `equip`. From 大乔, seat 2 is at distance 1 and seat 3 at distance 2.
    fn daqiao(hand: &[CardKind], equip: &[CardKind]) -> Scenario {
        let mut s = table(&[Lord, Rebel, Loyalist, Renegade]);
        seat(&mut s, 0).hand = cards(&[Slash]);
        seat(&mut s, 1).general = GeneralId::Daqiao;
        seat(&mut s, 1).hand = cards(hand);
        seat(&mut s, 1).equip = cards(equip);
        s
    }

    fn liuli(card: CardId, to: u8) -> Action {
        Action::Skill {
            skill: SkillId::Liuli,
            cards: vec![card],
            targets: vec![Seat(to)],
        }
    }

    /// The new targets offered for paying with `card`.
    fn offered(c: &Check, card: CardId) -> Vec<u8> {
        c.prompt(1)
            .legal_actions(100)
            .into_iter()
            .filter_map(|a| match a {
                Action::Skill { cards, targets, .. } if cards == [card] => Some(targets[0].0),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn redirects_the_slash_to_a_seat_in_her_range() {
        let mut s = daqiao(&[Peach], &[]);
        seat(&mut s, 2).hand = cards(&[Jink]);
        let mut c = Check::new(s);
        c.card(0, Slash, &[1]);
        assert!(c.is_asked(1, |k| *k
            == PromptKind::Choose {
                cause: crate::prompt::Cause::Skill(SkillId::Liuli)
            }));
        let peach = c.hand_card(1, Peach);
        // Not the user (seat 0), not seat 3 (out of her range); seat 2 is out of the user's range,
        // which does not matter.
        assert_eq!(offered(&c, peach), vec![2]);
        c.act(1, liuli(peach, 2));
        assert!(c.hand(1).is_empty());
        assert!(c.events.iter().any(|e| *e
            == Event::SkillInvoked {
                seat: Seat(1),
                skill: SkillId::Liuli,
                targets: vec![Seat(2)]
            }));
        assert!(c.is_asked(2, |k| matches!(k, PromptKind::Respond { card: Jink, .. })));
        c.pass(2);
        assert_eq!(c.hp(2), 3);
        assert_eq!(c.hp(1), 3);
        c.assert_conserved();
    }

    #[test]
    fn passing_keeps_the_slash_on_her() {
        let mut c = Check::new(daqiao(&[Peach], &[]));
        c.card(0, Slash, &[1]).pass(1);
        assert!(c.is_asked(1, |k| matches!(k, PromptKind::Respond { card: Jink, .. })));
        c.pass(1);
        assert_eq!(c.hp(1), 2);
        assert_eq!(c.hand(1), vec![Peach]);
    }

    #[test]
    fn not_without_a_card_and_not_for_other_cards() {
        let mut c = Check::new(daqiao(&[], &[]));
        c.card(0, Slash, &[1]);
        assert!(c.is_asked(1, |k| matches!(k, PromptKind::Respond { .. })));

        let mut s = daqiao(&[Peach], &[]);
        seat(&mut s, 0).hand = cards(&[Duel]);
        let mut c = Check::new(s);
        c.card(0, Duel, &[1]).pass_windows();
        assert!(c.is_asked(1, |k| matches!(k, PromptKind::Respond { card: Slash, .. })));
    }

    #[test]
    fn range_is_checked_without_the_card_she_discards() {
        // With 青釭剑 (range 2) seat 3 is in range — unless the sword itself pays.
        let mut c = Check::new(daqiao(&[Peach], &[QinggangSword]));
        c.card(0, Slash, &[1]);
        let peach = c.hand_card(1, Peach);
        let sword = c.game.table().seats[1].equipment().next().unwrap();
        assert_eq!(offered(&c, peach), vec![2, 3]);
        assert_eq!(offered(&c, sword), vec![2]);

        // With a −1 horse seat 3 is at distance 1 — unless the horse itself pays.
        let mut c = Check::new(daqiao(&[Peach], &[Chitu]));
        c.card(0, Slash, &[1]);
        let peach = c.hand_card(1, Peach);
        let horse = c.game.table().seats[1].equipment().next().unwrap();
        assert_eq!(offered(&c, peach), vec![2, 3]);
        assert_eq!(offered(&c, horse), vec![2]);
    }

    #[test]
    fn the_new_target_may_use_eight_diagram() {
        let mut s = daqiao(&[Peach], &[]);
        seat(&mut s, 2).equip = cards(&[EightDiagram]);
        s.draw_pile_top = vec![CardSpec::exact(Jink, Suit::Heart, 2)];
        let mut c = Check::new(s);
        c.card(0, Slash, &[1]);
        let peach = c.hand_card(1, Peach);
        c.act(1, liuli(peach, 2));
        c.skill(2, SkillId::EightDiagram);
        assert!(c
            .events
            .iter()
            .any(|e| matches!(e, Event::Judged { seat: Seat(2), .. })));
        assert_eq!(c.hp(2), 4, "dodged by the red judgment");
        assert_eq!(c.hp(1), 3);
        assert!(c.is_asked(0, |k| *k == PromptKind::Play));
    }

    #[test]
    fn a_redirected_slash_still_counts_for_the_user() {
        // The 杀 was used: seat 0 cannot use a second one this phase.
        let mut s = daqiao(&[Peach], &[]);
        seat(&mut s, 0).hand = cards(&[Slash, Slash]);
        let mut c = Check::new(s);
        c.card(0, Slash, &[1]);
        let peach = c.hand_card(1, Peach);
        c.act(1, liuli(peach, 2)).pass(2);
        assert!(c.find_card(0, Slash, &[1]).is_none());
    }
}
