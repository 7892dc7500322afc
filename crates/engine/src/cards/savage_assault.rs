//! 南蛮入侵 Savage Assault — 普通锦囊.
//!
//! 出牌阶段，对所有其他角色使用。每名目标角色须打出一张【杀】，否则受到你造成的1点伤害。
//! Use on every other character: each must play a 杀 or take 1 damage from you.

use crate::card::{CardKind, Category};
use crate::def::card::{all_others, always, CardDef, Target};
use crate::game::Game;
use crate::resolve::{EffectFrame, RespondMode, Step};

pub static DEF: CardDef = CardDef {
    kind: CardKind::SavageAssault,
    name_zh: "南蛮入侵",
    name_en: "Savage Assault",
    text_zh:
        "出牌阶段，对所有其他角色使用。每名目标角色须打出一张【杀】，否则受到你造成的1点伤害。",
    text_en: "Use on every other character: each must play a Slash or take 1 damage from you.",
    category: Category::Trick,
    range: 0,
    skill: None,
    target: Target::Implicit(all_others),
    can_use: always,
    on_start: None,
    effect: Some(effect),
    delayed: None,
    recast: false,
    on_unequip: None,
    after_effects: None,
};

fn effect(game: &mut Game, frame: &mut EffectFrame) -> Step {
    super::archery_attack::respond_or_damage(game, frame, CardKind::Slash, RespondMode::Play)
}

#[cfg(test)]
mod tests {
    use crate::card::CardKind::*;
    use crate::event::Event;
    use crate::prompt::{Phase, PromptKind};
    use crate::seat::Role::*;
    use crate::seat::Seat;
    use crate::testing::{cards, seat, table, Check};

    #[test]
    fn every_other_seat_plays_a_slash_or_takes_one_damage_in_seat_order() {
        // timing-rulings.md G.30: per target in seat order from the user.
        let mut s = table(&[Lord, Rebel, Rebel, Loyalist]);
        s.current = Some(Seat(2));
        seat(&mut s, 2).hand = cards(&[SavageAssault]);
        seat(&mut s, 0).hand = cards(&[Slash]);
        let mut c = Check::new(s);
        c.card(2, SavageAssault, &[]).pass_windows();
        let mut order = Vec::new();
        for _ in 0..3 {
            let asked = (0..4)
                .find(|i| c.is_asked(*i, |k| matches!(k, PromptKind::Respond { card: Slash, .. })))
                .expect("someone is asked for a 杀");
            order.push(asked);
            if asked == 0 {
                c.card(0, Slash, &[]);
            } else {
                c.pass(asked);
            }
            c.pass_windows();
        }
        assert_eq!(order, vec![3, 0, 1]);
        assert_eq!([c.hp(0), c.hp(1), c.hp(2), c.hp(3)], [4, 3, 4, 3]);
        assert!(c.events.iter().any(|e| matches!(
            e,
            Event::CardPlayed { seat, card } if seat.0 == 0 && card.kind == Slash
        )));
        assert!(c.is_asked(2, |k| *k == PromptKind::Play));
        assert_eq!(c.game.turn().phase, Some(Phase::Play));
    }
}
