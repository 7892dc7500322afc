//! 桃园结义 God Salvation — 普通锦囊.
//!
//! 出牌阶段，对所有角色使用。每名目标角色回复1点体力。
//! Use on every character: each recovers 1 HP.
//!
//! 国战 (H-CARD-TAOYUAN, with the 国战 deck's texts): a target at full HP gets no effect and no
//! 无懈可击 window — it is left out of the use before the first effect (nothing during the card
//! can wound it, so "full now" is "full when its turn comes").

use crate::card::{CardKind, Category};
use crate::def::card::{always, everyone, CardDef, Target};
use crate::def::CardRules;
use crate::game::Game;
use crate::resolve::{EffectFrame, Step};

pub static DEF: CardDef = CardDef {
    kind: CardKind::GodSalvation,
    name_zh: "桃园结义",
    name_en: "God Salvation",
    text_zh: "出牌阶段，对所有角色使用。每名目标角色回复1点体力。",
    text_en: "Use on every character: each recovers 1 HP.",
    category: Category::Trick,
    range: 0,
    skill: None,
    target: Target::Implicit(everyone),
    can_use: always,
    on_start: Some(full_hp_left_out),
    effect: Some(effect),
    delayed: None,
    recast: false,
    on_unequip: None,
    after_effects: None,
};

/// H-CARD-TAOYUAN: under the 国战 texts, the targets at full HP are left out.
fn full_hp_left_out(game: &mut Game, use_id: usize) {
    if game.card_rules() != CardRules::Hegemony {
        return;
    }
    let wounded: Vec<_> = game
        .card_use(use_id)
        .targets
        .iter()
        .copied()
        .filter(|t| {
            let seat = game.seat(*t);
            seat.hp < seat.max_hp as i8
        })
        .collect();
    game.card_use_mut(use_id).targets = wounded;
}

fn effect(game: &mut Game, frame: &mut EffectFrame) -> Step {
    game.recover(frame.target, 1);
    Step::Done
}

#[cfg(test)]
mod tests {
    use crate::card::CardKind::*;
    use crate::event::Event;
    use crate::seat::Role::*;
    use crate::testing::{cards, seat, table, Check};

    #[test]
    fn every_wounded_character_recovers_one() {
        let mut s = table(&[Lord, Rebel, Rebel]);
        seat(&mut s, 0).hand = cards(&[GodSalvation]);
        seat(&mut s, 0).hp = Some(2);
        seat(&mut s, 2).hp = Some(1);
        let mut c = Check::new(s);
        c.card(0, GodSalvation, &[]);
        c.pass_windows().pass_windows().pass_windows();
        assert_eq!([c.hp(0), c.hp(1), c.hp(2)], [3, 4, 2]);
        let recovered = c
            .events
            .iter()
            .filter(|e| matches!(e, Event::Recovered { .. }))
            .count();
        assert_eq!(recovered, 2);
    }

    #[test]
    fn a_nullified_target_does_not_recover() {
        let mut s = table(&[Lord, Rebel]);
        seat(&mut s, 0).hand = cards(&[GodSalvation]);
        seat(&mut s, 0).hp = Some(2);
        seat(&mut s, 1).hp = Some(2);
        seat(&mut s, 1).hand = cards(&[Nullification]);
        let mut c = Check::new(s);
        c.card(0, GodSalvation, &[]);
        // The user's own window comes first.
        c.card(1, Nullification, &[]).pass_windows();
        c.pass_windows();
        assert_eq!([c.hp(0), c.hp(1)], [2, 3]);
    }
}
