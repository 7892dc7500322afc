//! 雷击 Leiji — 张角 (2013 text).
//!
//! 每当你使用或打出一张【闪】时，你可以令一名角色进行判定：若结果为黑色，你对其造成1点雷电伤害，然后你回复1点体力。
//! Whenever you use or play a Jink, you may have a character judge: if the result is black, you
//! deal 1 thunder damage to it and recover 1 HP.
//!
//! W-LEIJI-1: any character, 张角 included; every 闪 he uses or plays, the one 八卦阵 gives him
//! included (the response machinery treats it as a 闪 given). W-LEIJI-2: he recovers at the
//! "when dealing" stage of that damage, if wounded — not for the chain damage it passes on.
//! W-LEIJI-3: thunder damage (chains pass it on, 藤甲 adds nothing).
//!
//! The 2009 text ([`ORIGINAL`], `W-LEIJI-OLD`): 每当你使用或打出一张【闪】时，你可以令一名角色进行判定：
//! 若结果为黑桃，你对其造成2点雷电伤害。 On ♠, 2 thunder damage and no recovery.

use crate::action::Action;
use crate::card::{CardKind, Color, Suit};
use crate::def::skill::{Ask, SkillDef, SkillFrame, Trigger};
use crate::event::Nature;
use crate::game::Game;
use crate::ids::SkillId;
use crate::prompt::{Cause, Choices, PromptKind};
use crate::resolve::{Damage, DamageFrame, Frame, JudgeFrame, Step, Timing, TimingData};
use crate::seat::Seat;

pub static DEF: SkillDef = SkillDef {
    triggers: &[
        Trigger {
            timing: Timing::CardResponded,
            can_trigger: gave_a_jink,
            ask: Ask::Custom(|game, owner, _| ask(game, owner, SkillId::Leiji)),
            on_trigger,
        },
        Trigger {
            timing: Timing::DealingDamage,
            can_trigger: dealing_it,
            ask: Ask::Never,
            on_trigger: recover,
        },
    ],
    step: Some(step),
    ..SkillDef::named(
        SkillId::Leiji,
        "雷击",
        "Leiji",
        "每当你使用或打出一张【闪】时，你可以令一名角色进行判定：若结果为黑色，你对其造成1点雷电伤害，然后你回复1点体力。",
        "Whenever you use or play a Jink, you may have a character judge: if the result is black, you deal 1 thunder damage to it and recover 1 HP.",
    )
};

/// 雷击 as the 2009 print words it: ♠ deals 2, no recovery.
pub static ORIGINAL: SkillDef = SkillDef {
    triggers: &[Trigger {
        timing: Timing::CardResponded,
        can_trigger: gave_a_jink,
        ask: Ask::Custom(|game, owner, _| ask(game, owner, SkillId::LeijiOld)),
        on_trigger,
    }],
    step: Some(step),
    ..SkillDef::named(
        SkillId::LeijiOld,
        "雷击",
        "Leiji",
        "每当你使用或打出一张【闪】时，你可以令一名角色进行判定：若结果为黑桃，你对其造成2点雷电伤害。",
        "Whenever you use or play a Jink, you may have a character judge: if the result is a spade, you deal 2 thunder damage to it.",
    )
};

fn gave_a_jink(_: &Game, owner: Seat, data: &TimingData) -> bool {
    matches!(data, TimingData::Response { seat, card, .. }
        if *seat == owner && card.kind == CardKind::Jink)
}

fn ask(game: &Game, owner: Seat, skill: SkillId) -> Option<(PromptKind, Choices)> {
    let mut actions: Vec<Action> = game
        .order_from(owner)
        .into_iter()
        .map(|target| Action::Skill {
            skill,
            cards: Vec::new(),
            targets: vec![target],
        })
        .collect();
    actions.push(Action::Pass);
    let kind = PromptKind::Choose {
        cause: Cause::Skill(skill),
    };
    Some((kind, Choices::actions(actions)))
}

fn on_trigger(_: &mut Game, owner: Seat, _: &mut TimingData, action: &Action) -> Option<Frame> {
    let Action::Skill { skill, targets, .. } = action else {
        return None;
    };
    let mut frame = SkillFrame::new(*skill, owner);
    frame.seats = targets.clone();
    Some(Frame::Skill(frame))
}

/// The target judges; on black, 1 thunder damage from 张角 (2009: on ♠, 2).
fn step(game: &mut Game, frame: &mut SkillFrame) -> Step {
    let Some(&target) = frame.seats.first() else {
        return Step::Done;
    };
    match frame.step {
        0 => {
            frame.step = 1;
            if !game.is_alive(target) {
                return Step::Done;
            }
            Step::Push(Frame::Judge(JudgeFrame::new(
                target,
                Cause::Skill(frame.skill),
            )))
        }
        1 => {
            frame.step = 2;
            let original = frame.skill == SkillId::LeijiOld;
            let hit = game.take_judgment().is_some_and(|c| match original {
                true => c.suit == Suit::Spade,
                false => c.color() == Color::Black,
            });
            if !hit || !game.is_alive(target) {
                return Step::Done;
            }
            let damage = Damage {
                nature: Nature::Thunder,
                skill: Some(frame.skill),
                ..Damage::new(Some(frame.owner), target, if original { 2 } else { 1 })
            };
            Step::Push(Frame::Damage(DamageFrame::new(damage)))
        }
        _ => {
            game.take_reply();
            Step::Done
        }
    }
}

fn dealing_it(game: &Game, owner: Seat, data: &TimingData) -> bool {
    matches!(data, TimingData::Damage(d)
        if d.source == Some(owner) && d.skill == Some(SkillId::Leiji) && !d.chained)
        && game.is_wounded(owner)
}

fn recover(game: &mut Game, owner: Seat, _: &mut TimingData, _: &Action) -> Option<Frame> {
    game.recover(owner, 1);
    None
}

#[cfg(test)]
mod tests {
    use crate::action::Action;
    use crate::card::CardKind::{self, *};
    use crate::card::Suit;
    use crate::event::{Event, Nature};
    use crate::ids::{GeneralId, SkillId};
    use crate::scenario::CardSpec;
    use crate::seat::Role::*;
    use crate::seat::Seat;
    use crate::testing::{cards, seat, table, with_pack, Check};

    /// Seat 0 slashes 张角 (seat 1, 2 HP) who holds `hand` and wears `armor`; the draw pile
    /// starts with `top`.
    fn zhangjiao(hand: &[CardKind], armor: &[CardKind], top: Vec<CardSpec>) -> Check {
        let mut s = with_pack(table(&[Lord, Rebel]), "wind");
        seat(&mut s, 0).hand = cards(&[Slash]);
        seat(&mut s, 1).general = GeneralId::Zhangjiao;
        seat(&mut s, 1).hp = Some(2);
        seat(&mut s, 1).hand = cards(hand);
        seat(&mut s, 1).equip = cards(armor);
        s.draw_pile_top = top;
        let mut c = Check::new(s);
        c.card(0, Slash, &[1]);
        c
    }

    fn leiji(target: u8) -> Action {
        Action::Skill {
            skill: SkillId::Leiji,
            cards: Vec::new(),
            targets: vec![Seat(target)],
        }
    }

    /// W-MECH-NATURE-1: 雷击's damage is thunder.
    #[test]
    fn w_leiji_1_2_a_black_judgment_deals_thunder_damage_and_heals_him() {
        let spade = vec![CardSpec::exact(SavageAssault, Suit::Spade, 7)];
        let mut c = zhangjiao(&[Jink], &[], spade);
        c.card(1, Jink, &[]);
        c.act(1, leiji(0));
        assert_eq!(c.hp(0), 3);
        assert_eq!(c.hp(1), 3, "recovered 1");
        assert!(c.events.iter().any(|e| matches!(
            e,
            Event::Damaged {
                nature: Nature::Thunder,
                target: Seat(0),
                ..
            }
        )));
    }

    #[test]
    fn w_leiji_1_a_red_judgment_does_nothing() {
        let heart = vec![CardSpec::exact(Peach, Suit::Heart, 7)];
        let mut c = zhangjiao(&[Jink], &[], heart);
        c.card(1, Jink, &[]).act(1, leiji(0));
        assert_eq!(c.hp(0), 4);
        assert_eq!(c.hp(1), 2);
    }

    #[test]
    fn w_leiji_1_the_eight_diagram_jink_counts() {
        // 八卦阵 judges ♥ (a 闪), then 雷击's judgment is ♣: 1 damage to seat 0.
        let top = vec![
            CardSpec::exact(Peach, Suit::Heart, 3),
            CardSpec::exact(Slash, Suit::Club, 5),
        ];
        let mut c = zhangjiao(&[], &[EightDiagram], top);
        c.skill(1, SkillId::EightDiagram);
        // 鬼道 could swap in his black 八卦阵: he keeps the judgment.
        c.pass(1);
        c.act(1, leiji(0));
        // And keeps 雷击's ♣ too.
        c.pass(1);
        assert_eq!(c.hp(0), 3);
        assert_eq!(c.hp(1), 3);
    }

    /// 张角 as the 2009 print has him (`edition = 2009`).
    fn zhangjiao_2009(top: Vec<CardSpec>) -> Check {
        let mut s = with_pack(table(&[Lord, Rebel]), "wind");
        s.ruleset.edition = crate::ruleset::ORIGINAL_EDITION.to_string();
        seat(&mut s, 0).hand = cards(&[Slash]);
        seat(&mut s, 1).general = GeneralId::ZhangjiaoOld;
        seat(&mut s, 1).hp = Some(2);
        seat(&mut s, 1).hand = cards(&[Jink]);
        s.draw_pile_top = top;
        let mut c = Check::new(s);
        c.card(0, Slash, &[1]).card(1, Jink, &[]);
        c.act(
            1,
            Action::Skill {
                skill: SkillId::LeijiOld,
                cards: Vec::new(),
                targets: vec![Seat(0)],
            },
        );
        c
    }

    #[test]
    fn w_leiji_old_a_spade_deals_two_thunder_damage_and_heals_nothing() {
        let c = zhangjiao_2009(vec![CardSpec::exact(SavageAssault, Suit::Spade, 7)]);
        assert_eq!(c.hp(0), 2, "2 thunder damage");
        assert_eq!(c.hp(1), 2, "no recovery in the 2009 text");
        assert!(c.events.iter().any(|e| matches!(
            e,
            Event::Damaged {
                nature: Nature::Thunder,
                amount: 2,
                ..
            }
        )));
    }

    #[test]
    fn w_leiji_old_a_club_does_nothing() {
        let c = zhangjiao_2009(vec![CardSpec::exact(Slash, Suit::Club, 7)]);
        assert_eq!(c.hp(0), 4, "only ♠ hits in the 2009 text");
    }

    #[test]
    fn w_leiji_1_he_may_choose_himself_and_passing_declines() {
        let spade = vec![CardSpec::exact(SavageAssault, Suit::Spade, 7)];
        let mut c = zhangjiao(&[Jink], &[], spade);
        c.card(1, Jink, &[]);
        assert!(c.allows(1, &leiji(1)));
        c.pass(1);
        assert_eq!(c.hp(0), 4);
    }
}
