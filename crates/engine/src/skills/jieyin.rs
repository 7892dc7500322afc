//! 结姻 Jieyin — 孙尚香.
//!
//! 出牌阶段限一次，你可以弃置两张手牌并选择一名受伤的男性角色，你与其各回复1点体力。
//! Once per play phase, discard two hand cards and choose a wounded male character: you and they each recover 1 HP.
//!
//! She chooses the two hand cards, then the character; passing at either question cancels the
//! skill without using it up. She need not be wounded herself.

use crate::action::Action;
use crate::def::skill::{Active, Limit, SkillDef, SkillFrame, Tags};
use crate::game::Game;
use crate::ids::SkillId;
use crate::prompt::{Cause, Choices, Prompt, PromptKind};
use crate::resolve::Step;
use crate::seat::{Gender, Seat};

pub static DEF: SkillDef = SkillDef {
    tags: Tags::NONE,
    limit: Some(Limit::ONCE_PER_PHASE),
    active: Some(Active { can_use }),
    step: Some(step),
    ..SkillDef::named(SkillId::Jieyin, "结姻", "Jieyin", "出牌阶段限一次，你可以弃置两张手牌并选择一名受伤的男性角色，你与其各回复1点体力。", "Once per play phase, discard two hand cards and choose a wounded male character: you and they each recover 1 HP.")
};

/// Wounded male characters other than the owner.
fn partners(game: &Game, owner: Seat) -> Vec<Seat> {
    game.order_from(owner)
        .into_iter()
        .filter(|s| *s != owner && game.gender(*s) == Some(Gender::Male) && game.is_wounded(*s))
        .collect()
}

fn can_use(game: &Game, owner: Seat) -> bool {
    game.hand(owner).len() >= 2 && !partners(game, owner).is_empty()
}

fn cause() -> PromptKind {
    PromptKind::Choose {
        cause: Cause::Skill(SkillId::Jieyin),
    }
}

fn step(game: &mut Game, frame: &mut SkillFrame) -> Step {
    let owner = frame.owner;
    match frame.step {
        // Two hand cards.
        0 => {
            frame.step = 1;
            Step::ask(Prompt::new(
                owner,
                cause(),
                Choices::Cards {
                    from: game.hand(owner).to_vec(),
                    min: 2,
                    max: 2,
                    can_pass: true,
                },
            ))
        }
        // A wounded male character.
        1 => {
            let Some((_, Action::Cards { cards })) = game.take_answer() else {
                return Step::Done;
            };
            frame.cards = cards;
            frame.step = 2;
            let mut actions: Vec<Action> = partners(game, owner)
                .into_iter()
                .map(|s| Action::Seats { seats: vec![s] })
                .collect();
            actions.push(Action::Pass);
            Step::ask(Prompt::new(owner, cause(), Choices::actions(actions)))
        }
        // Pay.
        2 => {
            let Some((_, Action::Seats { seats })) = game.take_answer() else {
                return Step::Done;
            };
            game.invoke(owner, SkillId::Jieyin, seats.clone());
            frame.seats = seats;
            game.discard(&frame.cards);
            frame.step = 3;
            Step::Again
        }
        // You and they each recover 1.
        _ => {
            game.recover(owner, 1);
            if let Some(&partner) = frame.seats.first() {
                game.recover(partner, 1);
            }
            Step::Done
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::action::Action;
    use crate::card::CardKind::*;
    use crate::ids::GeneralId;
    use crate::ids::SkillId;
    use crate::prompt::PromptKind;
    use crate::scenario::Scenario;
    use crate::seat::Role::*;
    use crate::seat::Seat;
    use crate::testing::{cards, seat, table, Check};

    fn jieyin() -> Action {
        Action::Skill {
            skill: SkillId::Jieyin,
            cards: Vec::new(),
            targets: Vec::new(),
        }
    }

    /// 孙尚香 (seat 0, 2 of 3 HP) with four hand cards; seat 1 a wounded male, seat 2 a wounded
    /// female (大乔), seat 3 an unwounded male.
    fn sunshangxiang() -> Scenario {
        let mut s = table(&[Lord, Rebel, Rebel, Loyalist]);
        seat(&mut s, 0).general = GeneralId::Sunshangxiang;
        seat(&mut s, 0).hp = Some(2);
        seat(&mut s, 0).hand = cards(&[Jink, Jink, Slash, Peach]);
        seat(&mut s, 1).hp = Some(2);
        seat(&mut s, 2).general = GeneralId::Daqiao;
        seat(&mut s, 2).hp = Some(1);
        s
    }

    fn two_jinks(c: &Check) -> Action {
        let jinks: Vec<_> = c
            .game
            .hand(Seat(0))
            .iter()
            .copied()
            .filter(|id| c.game.card(*id).kind == Jink)
            .collect();
        Action::Cards { cards: jinks }
    }

    #[test]
    fn both_recover_one() {
        let mut c = Check::new(sunshangxiang());
        c.act(0, jieyin());
        let jinks = two_jinks(&c);
        c.act(0, jinks);
        // Only the wounded male can be chosen.
        assert_eq!(
            c.prompt(0).legal_actions(10),
            vec![
                Action::Seats {
                    seats: vec![Seat(1)]
                },
                Action::Pass
            ]
        );
        c.act(
            0,
            Action::Seats {
                seats: vec![Seat(1)],
            },
        );
        assert_eq!((c.hp(0), c.hp(1)), (3, 3));
        assert_eq!(c.hand(0), vec![Slash, Peach]);
        // Once per phase.
        assert!(!c.allows(0, &jieyin()));
        c.assert_conserved();
    }

    #[test]
    fn she_need_not_be_wounded() {
        let mut s = sunshangxiang();
        seat(&mut s, 0).hp = None;
        let mut c = Check::new(s);
        c.act(0, jieyin());
        let jinks = two_jinks(&c);
        c.act(0, jinks).act(
            0,
            Action::Seats {
                seats: vec![Seat(1)],
            },
        );
        assert_eq!((c.hp(0), c.hp(1)), (3, 3));
    }

    #[test]
    fn passing_cancels_at_either_question() {
        let mut c = Check::new(sunshangxiang());
        c.act(0, jieyin()).pass(0);
        assert!(c.allows(0, &jieyin()));
        c.act(0, jieyin());
        let jinks = two_jinks(&c);
        c.act(0, jinks).pass(0);
        assert_eq!(c.hand(0).len(), 4);
        assert_eq!(c.hp(1), 2);
        assert!(c.allows(0, &jieyin()));
    }

    #[test]
    fn needs_two_hand_cards_and_a_wounded_male() {
        let mut s = sunshangxiang();
        seat(&mut s, 0).hand = cards(&[Jink]);
        seat(&mut s, 0).equip = cards(&[Dilu]);
        assert!(!Check::new(s).allows(0, &jieyin()));

        let mut s = sunshangxiang();
        seat(&mut s, 1).hp = None;
        let c = Check::new(s);
        assert!(!c.allows(0, &jieyin()));
        assert!(c.is_asked(0, |k| *k == PromptKind::Play));
    }

    #[test]
    fn jiuyuan_does_not_add_to_it() {
        // 救援 adds only to a 桃: 结姻 heals the Wu lord 孙权 by 1.
        let mut s = table(&[Rebel, Lord]);
        seat(&mut s, 0).general = GeneralId::Sunshangxiang;
        seat(&mut s, 0).hand = cards(&[Jink, Jink]);
        seat(&mut s, 1).general = GeneralId::Sunquan;
        seat(&mut s, 1).hp = Some(1);
        s.current = Some(Seat(0));
        let mut c = Check::new(s);
        c.act(0, jieyin());
        let jinks = two_jinks(&c);
        c.act(0, jinks).act(
            0,
            Action::Seats {
                seats: vec![Seat(1)],
            },
        );
        assert_eq!(c.hp(1), 2);
    }
}
