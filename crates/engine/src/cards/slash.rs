//! 杀 Slash — 基本牌.
//!
//! 出牌阶段，对你攻击范围内的一名其他角色使用。其须使用一张【闪】，否则受到你造成的1点伤害。
//! Play phase: use on another character within your attack range. They must use a 闪, or take
//! 1 damage from you. At most one 杀 per play phase (`timing-rulings.md` B.10).

use crate::card::{CardKind, Category, Slot, UsedCard};
use crate::cards::{CardDef, Target};
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
};

/// The target is another character within the user's attack range. Equipment that is itself
/// part of the 杀 (武圣 on an equipped card) no longer counts: a weapon does not lend its range,
/// a −1 horse does not shorten the distance.
pub fn in_range(game: &Game, user: Seat, target: Seat, card: &UsedCard) -> bool {
    if target == user {
        return false;
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
    if game.turn.seat != user || game.turn.phase != Some(Phase::Play) {
        return true;
    }
    game.slash_limit(user, card)
        .is_none_or(|limit| game.turn.slashes_used < limit)
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
