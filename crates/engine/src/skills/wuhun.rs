//! 武魂 Wuhun — 神关羽 [锁定技] (2013 text).
//!
//! 锁定技，每当你受到伤害扣减体力前，伤害来源获得等于伤害值数量的“梦魇”标记。你死亡时，你选择一名存活的“梦魇”标记数最多（不为0）的角色，该角色进行判定：若结果不为【桃】或【桃园结义】，该角色死亡。
//! Compulsory: whenever your HP is about to be reduced by damage, its source gains as many
//! "nightmare" marks as the damage. When you die, choose a living character with the most
//! nightmare marks (more than 0): it judges, and unless the result is 桃 or 桃园结义 it dies.
//!
//! W-WUHUN-1: the marks come as HP is about to be reduced (the `HpReducing` window, the amount
//! final), so the source of the fatal blow gets them too; none for damage without a source, from
//! himself, or from a dead source. Public marks.
//! W-WUHUN-2: among the other living characters with the most marks (ties: his player chooses,
//! dead as he is) one judges (retrials may act); unless the final card is 桃 or 桃园结义 it dies
//! at once — no dying, no rescue, no killer. Then every 梦魇 mark is removed.
//! W-WUHUN-3 (ruling O-3, `docs/rulings.md`): it resolves after the win check of his death, so
//! a death that ends the game ends it without the judgment; otherwise before the rewards.

use crate::action::Action;
use crate::card::CardKind;
use crate::def::skill::{Ask, SkillDef, SkillFrame, Tags, Trigger};
use crate::flow::death::DeathFrame;
use crate::game::Game;
use crate::ids::{MarkId, SkillId};
use crate::prompt::{Cause, Choices, Prompt, PromptKind};
use crate::resolve::{Frame, JudgeFrame, Step, Timing, TimingData};
use crate::seat::Seat;
use crate::zone::Visibility;

/// 梦魇 Nightmare.
pub const NIGHTMARE: MarkId = MarkId::Skill(SkillId::Wuhun);

pub static DEF: SkillDef = SkillDef {
    tags: Tags {
        compulsory: true,
        ..Tags::NONE
    },
    triggers: &[
        Trigger {
            timing: Timing::HpReducing,
            can_trigger: hurt_by_another,
            ask: Ask::Never,
            on_trigger: give_nightmares,
        },
        Trigger {
            timing: Timing::DeathResolved,
            can_trigger: died_with_nightmares_about,
            ask: Ask::Never,
            on_trigger: revenge,
        },
    ],
    step: Some(step),
    ..SkillDef::named(
        SkillId::Wuhun,
        "武魂",
        "Wuhun",
        "锁定技，每当你受到伤害扣减体力前，伤害来源获得等于伤害值数量的“梦魇”标记。你死亡时，你选择一名存活的“梦魇”标记数最多（不为0）的角色，该角色进行判定：若结果不为【桃】或【桃园结义】，该角色死亡。",
        "Compulsory: whenever your HP is about to be reduced by damage, the source gains that many Nightmare marks. When you die, choose a living character with the most Nightmare marks (more than 0): it judges, and unless the result is Peach or God Salvation, it dies.",
    )
};

fn hurt_by_another(game: &Game, owner: Seat, data: &TimingData) -> bool {
    matches!(data, TimingData::Damage(d)
        if d.target == owner
            && d.amount > 0
            && d.source.is_some_and(|s| s != owner && game.is_alive(s)))
}

fn give_nightmares(game: &mut Game, _: Seat, data: &mut TimingData, _: &Action) -> Option<Frame> {
    let TimingData::Damage(d) = data else {
        return None;
    };
    let source = d.source?;
    game.add_mark(source, NIGHTMARE, i32::from(d.amount), Visibility::Public);
    None
}

/// The other living characters with the most marks (none if nobody has any).
fn most_haunted(game: &Game, owner: Seat) -> Vec<Seat> {
    let others: Vec<Seat> = game
        .order_from(owner)
        .into_iter()
        .filter(|s| *s != owner && game.is_alive(*s))
        .collect();
    let most = others
        .iter()
        .map(|s| game.mark(*s, NIGHTMARE))
        .max()
        .unwrap_or(0);
    if most == 0 {
        return Vec::new();
    }
    others
        .into_iter()
        .filter(|s| game.mark(*s, NIGHTMARE) == most)
        .collect()
}

fn died_with_nightmares_about(game: &Game, owner: Seat, data: &TimingData) -> bool {
    matches!(data, TimingData::Death { seat, .. } if *seat == owner)
        && !most_haunted(game, owner).is_empty()
}

fn revenge(_: &mut Game, owner: Seat, _: &mut TimingData, _: &Action) -> Option<Frame> {
    Some(Frame::Skill(SkillFrame::new(SkillId::Wuhun, owner)))
}

fn step(game: &mut Game, frame: &mut SkillFrame) -> Step {
    let owner = frame.owner;
    match frame.step {
        // Whom: the one with most marks, or his player's choice among the tied.
        0 => {
            let haunted = most_haunted(game, owner);
            frame.step = 2;
            match haunted.as_slice() {
                [] => Step::Done,
                [one] => {
                    frame.seats = vec![*one];
                    Step::Again
                }
                tied => {
                    frame.step = 1;
                    let actions = tied
                        .iter()
                        .map(|t| Action::Skill {
                            skill: SkillId::Wuhun,
                            cards: Vec::new(),
                            targets: vec![*t],
                        })
                        .collect();
                    Step::ask(Prompt::new(
                        owner,
                        PromptKind::Choose {
                            cause: Cause::Skill(SkillId::Wuhun),
                        },
                        Choices::actions(actions),
                    ))
                }
            }
        }
        1 => {
            frame.step = 2;
            if let Some((_, Action::Skill { targets, .. })) = game.take_answer() {
                frame.seats = targets;
            }
            Step::Again
        }
        // It judges.
        2 => {
            let Some(&target) = frame.seats.first() else {
                return Step::Done;
            };
            frame.step = 3;
            Step::Push(Frame::Judge(JudgeFrame::new(
                target,
                Cause::Skill(SkillId::Wuhun),
            )))
        }
        // Unless 桃 or 桃园结义 it dies at once; the marks are gone either way.
        3 => {
            frame.step = 4;
            let saved = game
                .take_judgment()
                .is_some_and(|c| matches!(c.kind, CardKind::Peach | CardKind::GodSalvation));
            for seat in game.order_from(owner) {
                if game.mark(seat, NIGHTMARE) > 0 {
                    game.set_mark(seat, NIGHTMARE, 0, Visibility::Public);
                }
            }
            match frame.seats.first() {
                Some(&target) if !saved && game.is_alive(target) => {
                    Step::Push(Frame::Death(DeathFrame::new(target, None)))
                }
                _ => Step::Done,
            }
        }
        _ => {
            game.take_reply();
            Step::Done
        }
    }
}

#[cfg(test)]
mod tests {
    use super::NIGHTMARE;
    use crate::action::Action;
    use crate::card::CardKind::*;
    use crate::card::Suit;
    use crate::event::Event;
    use crate::ids::{GeneralId, SkillId};
    use crate::prompt::PromptKind;
    use crate::scenario::CardSpec;
    use crate::seat::Role::{self, *};
    use crate::seat::Seat;
    use crate::testing::{cards, seat, table, with_pack, Check};
    use crate::zone::Visibility;

    /// Seat 0 (with `hand`) and 神关羽 at seat `at` of `roles`, with `hp`; the draw pile starts
    /// with `top` (the judgment card).
    fn table_with_guanyu(
        roles: &[Role],
        at: u8,
        hp: i8,
        hand: &[crate::card::CardKind],
        top: CardSpec,
    ) -> Check {
        let mut s = with_pack(table(roles), "god");
        seat(&mut s, 0).hand = cards(hand);
        seat(&mut s, at).general = GeneralId::ShenGuanyu;
        seat(&mut s, at).hp = Some(hp);
        s.draw_pile_top = vec![top];
        Check::new(s)
    }

    #[test]
    fn w_wuhun_1_the_source_gains_a_mark_per_point_before_hp_is_reduced() {
        let mut c = table_with_guanyu(&[Lord, Rebel, Loyalist], 1, 5, &[Slash], spade());
        c.card(0, Slash, &[1]).pass(1);
        assert_eq!(c.game.mark(Seat(0), NIGHTMARE), 1);
        let mark = c
            .events
            .iter()
            .position(|e| matches!(e, Event::MarkChanged { seat: Seat(0), .. }));
        let damaged = c
            .events
            .iter()
            .position(|e| matches!(e, Event::Damaged { .. }));
        assert!(mark < damaged, "marks come before HP is reduced");
        // Public: every seat saw it.
        assert!(c
            .seen_by(Some(2))
            .iter()
            .any(|e| matches!(e, Event::MarkChanged { .. })));
    }

    #[test]
    fn w_wuhun_1_the_fatal_blow_gives_marks_and_the_revenge_follows() {
        // 神关羽 (seat 1, rebel, 1 HP) is killed by the lord; the loyalist lives: the game goes
        // on. The lord has the marks and judges a ♠ 杀: the lord dies, and the rebels win.
        let mut c = table_with_guanyu(&[Lord, Rebel, Loyalist, Rebel], 1, 1, &[Slash], spade());
        c.card(0, Slash, &[1]).pass(1);
        c.pass_saves();
        assert!(!c.alive(1));
        assert!(!c.alive(0), "the lord judged and died");
        assert!(c.events.iter().any(|e| matches!(
            e,
            Event::Died {
                seat: Seat(0),
                killer: None,
                ..
            }
        )));
        assert!(c.game.outcome().is_some());
    }

    #[test]
    fn w_wuhun_2_peach_or_god_salvation_saves_and_every_mark_goes() {
        let mut c = table_with_guanyu(
            &[Lord, Rebel, Loyalist, Rebel],
            1,
            1,
            &[Slash],
            CardSpec::exact(Peach, Suit::Heart, 3),
        );
        seat_marks(&mut c, 2, 3);
        // The loyalist has 3 marks, the lord will have 1: the loyalist judges a 桃.
        c.card(0, Slash, &[1]).pass(1);
        c.pass_saves();
        assert!(!c.alive(1));
        assert!(c.alive(2) && c.alive(0));
        for s in 0..4 {
            assert_eq!(c.game.mark(Seat(s), NIGHTMARE), 0);
        }
        // No killer for the judged: nobody died of it; the rebel's killer (the lord) drew 3.
        assert_eq!(c.game.hand(Seat(0)).len(), 3);
    }

    fn spade() -> CardSpec {
        CardSpec::exact(Slash, Suit::Spade, 10)
    }

    fn seat_marks(c: &mut Check, s: usize, n: u16) {
        c.game
            .add_mark(Seat(s as u8), NIGHTMARE, i32::from(n), Visibility::Public);
    }

    #[test]
    fn w_wuhun_2_ties_are_his_players_choice_and_the_judged_dies_without_a_killer() {
        let mut c = table_with_guanyu(&[Lord, Rebel, Loyalist, Rebel], 1, 1, &[Slash], spade());
        seat_marks(&mut c, 2, 1);
        c.card(0, Slash, &[1]).pass(1);
        c.pass_saves();
        // Lord and loyalist have 1 each: the dead 神关羽 chooses.
        assert!(c.is_asked(1, |k| matches!(k, PromptKind::Choose { .. })));
        c.act(
            1,
            Action::Skill {
                skill: SkillId::Wuhun,
                cards: Vec::new(),
                targets: vec![Seat(2)],
            },
        );
        assert!(!c.alive(2));
        assert!(c.events.iter().any(|e| matches!(
            e,
            Event::Died {
                seat: Seat(2),
                killer: None,
                ..
            }
        )));
        c.assert_conserved();
    }

    #[test]
    fn w_wuhun_3_a_death_that_ends_the_game_ends_it_without_the_judgment() {
        // 神关羽 is the last rebel: his death wins it for the lord, who is not judged.
        let mut c = table_with_guanyu(&[Lord, Rebel], 1, 1, &[Slash], spade());
        c.card(0, Slash, &[1]).pass(1);
        c.pass_saves();
        assert!(c.game.outcome().is_some());
        assert!(c.alive(0));
        assert!(!c.events.iter().any(|e| matches!(e, Event::Judged { .. })));
    }
}
