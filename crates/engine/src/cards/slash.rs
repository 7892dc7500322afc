//! 杀 Slash — 基本牌.
//!
//! 出牌阶段，对你攻击范围内的一名其他角色使用。其须使用一张【闪】，否则受到你造成的1点伤害。
//! Play phase: use on another character within your attack range. They must use a 闪, or take
//! 1 damage from you. At most one 杀 per play phase (`timing-rulings.md` B.10).

use crate::card::{CardKind, Category, Slot, UsedCard};
use crate::def::card::{CardDef, Target};
use crate::game::Game;
use crate::prompt::{Cause, Phase};
use crate::resolve::{
    Damage, DamageFrame, EffectFrame, Frame, Reply, RespondFrame, RespondMode, Step, Timing,
    TimingData, TriggerFrame,
};
use crate::seat::Seat;

pub static DEF: CardDef = CardDef {
    kind: CardKind::Slash,
    name_zh: "杀",
    name_en: "Slash",
    text_zh: "出牌阶段限一次，对你攻击范围内的一名其他角色使用。其须使用一张【闪】，否则受到你造成的1点伤害。",
    text_en: "Once per play phase, use on another character within your attack range: they must use a Jink or take 1 damage from you.",
    category: Category::Basic,
    range: 0,
    skill: None,
    target: Target::One(in_range),
    can_use: within_limit,
    on_start: None,
    effect: Some(effect),
    delayed: None,
    recast: false,
    on_unequip: None,
    after_effects: None,
};

/// The target is another character within the user's attack range. Equipment that is itself
/// part of the 杀 (武圣 on an equipped card) no longer counts: a weapon does not lend its range,
/// a −1 horse does not shorten the distance.
pub fn in_range(game: &Game, user: Seat, target: Seat, card: &UsedCard) -> bool {
    if target == user {
        return false;
    }
    // 天义's win, 武神's ♥ 杀: no distance limit.
    if game.ignores_distance(user, card) {
        return true;
    }
    let weapon = game.equipped(user, Slot::Weapon);
    let range = match weapon {
        Some(w) if card.cards.contains(&w) => 1,
        _ => game.attack_range(user),
    };
    game.distance_ignoring(user, target, &card.cards) <= range
}

/// One 杀 per play phase unless a modifier lifts the limit.
fn within_limit(game: &Game, user: Seat, card: &UsedCard) -> bool {
    if game.cannot_use_slash(user) {
        return false;
    }
    if game.turn.seat != user || game.turn.phase != Some(Phase::Play) {
        return true;
    }
    game.slash_limit(user, card)
        .is_none_or(|limit| game.turn.slashes_used < limit)
        // 国战 H-REV-8: a hidden general's 咆哮 allows it, revealing the general as it is used.
        || game.slash_lifted_by_hidden(user, card).is_some()
}

fn effect(game: &mut Game, frame: &mut EffectFrame) -> Step {
    let id = frame.use_id;
    let target = frame.target;
    let user = game.card_use(id).user;
    match frame.step {
        0 => {
            if game.card_use(id).no_jink.contains(&target) {
                frame.step = 2;
                return Step::Again;
            }
            frame.step = 1;
            let need = if game.card_use(id).need_two.contains(&target) {
                2
            } else {
                1
            };
            Step::Push(Frame::Respond(
                RespondFrame::new(
                    target,
                    CardKind::Jink,
                    RespondMode::Use,
                    Cause::Card(CardKind::Slash),
                )
                .need(need)
                .answering(Some(id), Some(user)),
            ))
        }
        1 => {
            if game.take_reply() == Reply::Responded(true) {
                frame.step = 3;
                return Step::Push(Frame::Trigger(TriggerFrame::new(
                    Timing::SlashDodged,
                    TimingData::Dodged { use_id: id, target },
                )));
            }
            frame.step = 2;
            Step::Again
        }
        2 => {
            frame.step = 4;
            let damage = Damage::by_card(game, id, Some(user), target);
            Step::Push(Frame::Damage(DamageFrame::new(damage)))
        }
        3 => {
            game.take_reply();
            if game.card_use(id).forced_hit.contains(&target) {
                frame.step = 2;
                return Step::Again;
            }
            Step::Done
        }
        _ => Step::Done,
    }
}

#[cfg(test)]
mod tests {
    use crate::card::CardKind::*;
    use crate::card::Suit;
    use crate::event::Event;
    use crate::prompt::PromptKind;
    use crate::scenario::CardSpec;
    use crate::seat::Role::*;
    use crate::testing::{cards, seat, table, Check};

    #[test]
    fn slash_deals_one_damage_unless_a_jink_is_used() {
        let mut s = table(&[Lord, Rebel, Rebel]);
        seat(&mut s, 0).hand = cards(&[Slash]);
        let mut c = Check::new(s);
        c.card(0, Slash, &[1]);
        assert!(c.is_asked(1, |k| matches!(k, PromptKind::Respond { card: Jink, .. })));
        c.pass(1);
        assert_eq!(c.hp(1), 3);
        assert!(c.events.iter().any(|e| matches!(
            e,
            Event::Damaged { source: Some(s), target, amount: 1, .. } if s.0 == 0 && target.0 == 1
        )));
        c.assert_conserved();
    }

    #[test]
    fn a_jink_cancels_the_slash() {
        let mut s = table(&[Lord, Rebel]);
        seat(&mut s, 0).hand = cards(&[Slash]);
        seat(&mut s, 1).hand = cards(&[Jink]);
        let mut c = Check::new(s);
        c.card(0, Slash, &[1]).card(1, Jink, &[]);
        assert_eq!(c.hp(1), 4);
        assert!(c.hand(1).is_empty());
        assert_eq!(c.game.table().discard_pile.len(), 2);
        c.assert_conserved();
    }

    #[test]
    fn only_one_slash_per_play_phase() {
        // timing-rulings.md B.10.
        let mut s = table(&[Lord, Rebel]);
        seat(&mut s, 0).hand = cards(&[Slash, Slash]);
        let mut c = Check::new(s);
        c.card(0, Slash, &[1]).pass(1);
        assert!(c.find_card(0, Slash, &[1]).is_none());
        assert!(c.has_prompt(0));
    }

    #[test]
    fn slash_only_reaches_seats_within_attack_range_and_not_oneself() {
        // timing-rulings.md E.23: distance 2 to the seat opposite in a 4-seat table.
        let mut s = table(&[Lord, Rebel, Rebel, Loyalist]);
        seat(&mut s, 0).hand = cards(&[Slash]);
        let c = Check::new(s);
        assert!(c.find_card(0, Slash, &[1]).is_some());
        assert!(c.find_card(0, Slash, &[3]).is_some());
        assert!(c.find_card(0, Slash, &[2]).is_none());
        assert!(c.find_card(0, Slash, &[0]).is_none());
    }

    #[test]
    fn a_weapon_extends_the_attack_range() {
        let mut s = table(&[Lord, Rebel, Rebel, Loyalist]);
        seat(&mut s, 0).hand = cards(&[Slash]);
        seat(&mut s, 0).equip = cards(&[QinggangSword]);
        let c = Check::new(s);
        assert!(c.find_card(0, Slash, &[2]).is_some());
    }

    #[test]
    fn a_jink_prompt_does_not_accept_a_slash() {
        let mut s = table(&[Lord, Rebel]);
        seat(&mut s, 0).hand = cards(&[Slash]);
        seat(&mut s, 1).hand = cards(&[Slash, Jink]);
        let mut c = Check::new(s);
        c.card(0, Slash, &[1]);
        assert!(c.find_card(1, Slash, &[]).is_none());
        assert!(c.find_card(1, Jink, &[]).is_some());
    }

    #[test]
    fn a_dodged_slash_still_counts_toward_the_limit() {
        let mut s = table(&[Lord, Rebel]);
        seat(&mut s, 0).hand = vec![
            CardSpec::exact(Slash, Suit::Spade, 7),
            CardSpec::exact(Slash, Suit::Club, 2),
        ];
        seat(&mut s, 1).hand = cards(&[Jink]);
        let mut c = Check::new(s);
        c.card(0, Slash, &[1]).card(1, Jink, &[]);
        assert!(c.find_card(0, Slash, &[1]).is_none());
    }
}
