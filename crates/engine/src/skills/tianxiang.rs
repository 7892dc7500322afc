//! 天香 Tianxiang — 小乔.
//!
//! 每当你受到伤害时，你可以弃置一张红桃手牌并选择一名其他角色：若如此做，你将此伤害转移给该角色，然后其摸X张牌（X为该角色已损失的体力值）。
//! When you would take damage, you may discard a ♥ hand card and choose another character: the
//! damage is transferred to it, and afterwards it draws X cards (X = its lost HP).
//!
//! W-TIANXIANG-1: at her "when taking damage" stage, so the amount is the one the source's
//! effects made. W-TIANXIANG-2: her damage is prevented; a new damage event with the same source,
//! amount, nature, card and skill goes to the chosen character and runs from its own "when taking"
//! stage (the source's "when dealing" effects are not applied again — ruling O-1). W-TIANXIANG-3:
//! X is counted when that damage is over (its dying included); a dead character draws nothing.
//! W-TIANXIANG-4: any number of times; with 红颜 her ♠ hand cards are ♥. She is asked whenever she
//! holds a hand card, so being asked tells nothing about her hand.

use crate::action::Action;
use crate::card::Suit;
use crate::def::skill::{Ask, SkillDef, SkillFrame, Trigger};
use crate::game::Game;
use crate::ids::SkillId;
use crate::prompt::{Cause, Choices, PromptKind};
use crate::resolve::{Damage, DamageFrame, Frame, Step, Timing, TimingData};
use crate::seat::Seat;

pub static DEF: SkillDef = SkillDef {
    triggers: &[Trigger {
        timing: Timing::TakingDamage,
        can_trigger,
        ask: Ask::Custom(ask),
        on_trigger,
    }],
    step: Some(step),
    ..SkillDef::named(
        SkillId::Tianxiang,
        "天香",
        "Tianxiang",
        "每当你受到伤害时，你可以弃置一张红桃手牌并选择一名其他角色：若如此做，你将此伤害转移给该角色，然后其摸X张牌（X为该角色已损失的体力值）。",
        "When you would take damage, you may discard a Heart hand card and choose another character: the damage goes to it instead, and then it draws X cards (X = its lost HP).",
    )
};

fn can_trigger(game: &Game, owner: Seat, data: &TimingData) -> bool {
    matches!(data, TimingData::Damage(d) if d.target == owner && !d.prevented && d.amount > 0)
        && !game.hand(owner).is_empty()
}

fn ask(game: &Game, owner: Seat, _: &TimingData) -> Option<(PromptKind, Choices)> {
    let hearts: Vec<_> = game
        .hand(owner)
        .iter()
        .copied()
        .filter(|c| game.card(*c).suit == Suit::Heart)
        .collect();
    let others: Vec<Seat> = game
        .order_from(owner)
        .into_iter()
        .filter(|s| *s != owner)
        .collect();
    let mut actions = Vec::new();
    for card in hearts {
        for to in &others {
            actions.push(Action::Skill {
                skill: SkillId::Tianxiang,
                cards: vec![card],
                targets: vec![*to],
            });
        }
    }
    actions.push(Action::Pass);
    let kind = PromptKind::Choose {
        cause: Cause::Skill(SkillId::Tianxiang),
    };
    Some((kind, Choices::actions(actions)))
}

fn on_trigger(
    game: &mut Game,
    owner: Seat,
    data: &mut TimingData,
    action: &Action,
) -> Option<Frame> {
    let (TimingData::Damage(damage), Action::Skill { cards, targets, .. }) = (data, action) else {
        return None;
    };
    let &[to] = targets.as_slice() else {
        return None;
    };
    game.discard(cards);
    damage.prevented = true;
    let mut frame = SkillFrame::new(SkillId::Tianxiang, owner);
    frame.damage = Some(Box::new(Damage {
        target: to,
        // The new target is no target of the card: its armor works (as for chain damage).
        use_id: None,
        prevented: false,
        distance: None,
        ..damage.clone()
    }));
    frame.seats = vec![to];
    Some(Frame::Skill(frame))
}

/// The transferred damage, then the draw.
fn step(game: &mut Game, frame: &mut SkillFrame) -> Step {
    match frame.step {
        0 => {
            frame.step = 1;
            match frame.damage.take() {
                Some(damage) => Step::Push(Frame::Damage(DamageFrame::transferred(*damage))),
                None => Step::Done,
            }
        }
        _ => {
            game.take_reply();
            if let Some(&to) = frame.seats.first() {
                if game.is_alive(to) {
                    let lost = i32::from(game.seat(to).max_hp) - i32::from(game.hp(to));
                    game.draw(to, lost.max(0) as usize);
                }
            }
            Step::Done
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::action::Action;
    use crate::card::CardKind::*;
    use crate::card::Suit;
    use crate::ids::{GeneralId, SkillId};
    use crate::prompt::PromptKind;
    use crate::scenario::CardSpec;
    use crate::seat::Role::*;
    use crate::seat::Seat;
    use crate::testing::{cards, seat, table, with_pack, Check};

    /// Seat 0 slashes 小乔 (seat 1), who holds `hand`; seat 2 has `hp` of 4.
    fn slashed(hand: Vec<CardSpec>, hp: i8) -> Check {
        let mut s = with_pack(table(&[Lord, Rebel, Loyalist]), "wind");
        seat(&mut s, 0).hand = cards(&[Slash]);
        seat(&mut s, 1).general = GeneralId::Xiaoqiao;
        seat(&mut s, 1).hand = hand;
        seat(&mut s, 2).hp = Some(hp);
        s.draw_pile_top = cards(&[Jink, Jink, Jink, Jink]);
        let mut c = Check::new(s);
        c.card(0, Slash, &[1]).pass(1);
        c
    }

    fn tianxiang(c: &Check, suit: Suit, to: u8) -> Action {
        let card = c
            .game
            .hand(Seat(1))
            .iter()
            .copied()
            .find(|id| c.game.deck().card(*id).suit == suit)
            .unwrap();
        Action::Skill {
            skill: SkillId::Tianxiang,
            cards: vec![card],
            targets: vec![Seat(to)],
        }
    }

    #[test]
    fn w_tianxiang_2_3_moves_the_damage_and_the_new_target_draws_its_lost_hp() {
        let mut c = slashed(vec![CardSpec::exact(Peach, Suit::Heart, 3)], 3);
        assert!(c.is_asked(1, |k| matches!(k, PromptKind::Choose { .. })));
        let action = tianxiang(&c, Suit::Heart, 2);
        c.act(1, action);
        assert_eq!(c.hp(1), 3, "小乔 takes nothing");
        assert_eq!(c.hp(2), 2);
        assert_eq!(c.hand(2).len(), 2, "its lost HP: 4 − 2");
        c.assert_conserved();
    }

    #[test]
    fn w_tianxiang_3_a_dead_target_draws_nothing() {
        let mut c = slashed(vec![CardSpec::exact(Peach, Suit::Heart, 3)], 1);
        let action = tianxiang(&c, Suit::Heart, 2);
        c.act(1, action);
        for saver in [0, 1, 2] {
            c.pass(saver);
        }
        assert!(!c.alive(2));
        c.assert_conserved();
    }

    #[test]
    fn w_tianxiang_4_her_spades_count_as_hearts() {
        let c = slashed(vec![CardSpec::exact(SavageAssault, Suit::Spade, 7)], 4);
        let action = tianxiang(&c, Suit::Spade, 2);
        assert!(c.allows(1, &action));
    }

    #[test]
    fn w_tianxiang_4_asked_with_no_heart_but_only_pass() {
        let c = slashed(vec![CardSpec::exact(Slash, Suit::Club, 3)], 4);
        assert_eq!(c.prompt(1).legal_actions(10), vec![Action::Pass]);
    }

    #[test]
    fn w_tianxiang_1_the_amount_is_the_one_the_source_made() {
        // Seat 0 drinks 酒 first: 2 damage goes on to seat 2.
        let mut s = with_pack(table(&[Lord, Rebel, Loyalist]), "wind");
        s.ruleset = crate::ruleset::Ruleset::maneuvering();
        s.ruleset.generals.push("wind".into());
        seat(&mut s, 0).hand = cards(&[Slash, Analeptic]);
        seat(&mut s, 1).general = GeneralId::Xiaoqiao;
        seat(&mut s, 1).hand = vec![CardSpec::exact(Peach, Suit::Heart, 3)];
        let mut c = Check::new(s);
        c.card(0, Analeptic, &[]).card(0, Slash, &[1]).pass(1);
        let action = tianxiang(&c, Suit::Heart, 2);
        c.act(1, action);
        assert_eq!(c.hp(2), 2);
    }

    #[test]
    fn o_1_the_sources_effects_do_not_run_again_for_the_new_target() {
        // 古锭刀 adds 1 against a target with no hand card; 小乔 holds one, the new target none:
        // the transferred damage stays 1 (ruling O-1).
        let mut s = with_pack(table(&[Lord, Rebel, Loyalist]), "wind");
        s.ruleset = crate::ruleset::Ruleset::maneuvering();
        s.ruleset.generals.push("wind".into());
        seat(&mut s, 0).hand = cards(&[Slash]);
        seat(&mut s, 0).equip = cards(&[GudingBlade]);
        seat(&mut s, 1).general = GeneralId::Xiaoqiao;
        seat(&mut s, 1).hand = vec![CardSpec::exact(Peach, Suit::Heart, 3)];
        let mut c = Check::new(s);
        c.card(0, Slash, &[1]).pass(1);
        let action = tianxiang(&c, Suit::Heart, 2);
        c.act(1, action);
        assert_eq!(c.hp(2), 3);
    }

    /// W-TIANXIANG-2 with W-DAWU-1: the moved damage begins anew for its new target, so a 大雾
    /// mark on it prevents the damage (the source's "when dealing" is still not applied again).
    #[test]
    fn w_tianxiang_2_w_dawu_1_fog_on_the_new_target_prevents_the_moved_damage() {
        use crate::ids::MarkId;
        use crate::scenario::MarkSpec;
        let mut s = with_pack(table(&[Lord, Rebel, Loyalist, Rebel]), "wind");
        s.ruleset.generals.push("god".to_string());
        seat(&mut s, 0).hand = cards(&[Slash]);
        seat(&mut s, 1).general = GeneralId::Xiaoqiao;
        seat(&mut s, 1).hand = vec![CardSpec::exact(Peach, Suit::Heart, 3)];
        seat(&mut s, 2).marks = vec![MarkSpec {
            mark: MarkId::Skill(SkillId::Dawu),
            count: 1,
            visibility: crate::zone::Visibility::Public,
        }];
        seat(&mut s, 3).general = GeneralId::ShenZhugeliang;
        let mut c = Check::new(s);
        c.card(0, Slash, &[1]).pass(1);
        let action = tianxiang(&c, Suit::Heart, 2);
        c.act(1, action);
        assert_eq!((c.hp(1), c.hp(2)), (3, 4), "moved, then prevented by 大雾");
        assert!(!c
            .events
            .iter()
            .any(|e| matches!(e, crate::event::Event::Damaged { .. })));
        c.assert_conserved();
    }
}
