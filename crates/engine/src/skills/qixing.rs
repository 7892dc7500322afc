//! 七星 Qixing — 神诸葛亮.
//!
//! 你的起始手牌数+7。分发起始手牌后，你将其中七张扣置于武将牌旁，称为“星”。摸牌阶段结束时，你可以将至少一张手牌与等量的“星”交换。
//! Your starting hand is +7 cards. After the starting hands are dealt, set 7 of them aside face
//! down on your general as "stars". At the end of your draw phase you may exchange any number
//! (at least one) of hand cards with as many stars.
//!
//! The +7 is drawn in the game-start window, after every starting hand (W-QIXING-2: on top of
//! whatever the mode deals), and he chooses the 7 at once. W-QIXING-1: the stars are an
//! owner-only pile — the others see their count, never their ids; they are no hand cards; on his
//! death, or when he loses 七星, they go to the discard pile (face up then). W-QIXING-2: the
//! exchange comes at the end of a draw phase that took place (a skipped one has no end); he
//! names the stars to take, then as many hand cards to put back. The stars' effects, 狂风's and
//! 大雾's marks, last until his next turn starts or he dies (W-KUANGFENG-2, W-DAWU-2): this skill
//! lifts them then, in one window.

use crate::action::Action;
use crate::card::CardId;
use crate::def::skill::{Ask, SkillDef, SkillFrame, Trigger};
use crate::game::Game;
use crate::ids::{MarkId, SkillId};
use crate::prompt::{Cause, Choices, Phase, Prompt, PromptKind};
use crate::resolve::{Frame, Step, Timing, TimingData};
use crate::seat::Seat;
use crate::zone::{Visibility, Zone};

/// How many stars.
pub const STARS: usize = 7;

pub static DEF: SkillDef = SkillDef {
    tags: crate::def::skill::Tags::NONE,
    triggers: &[
        Trigger {
            timing: Timing::GameStart,
            can_trigger: |_, _, _| true,
            ask: Ask::Never,
            on_trigger: deal_stars,
        },
        Trigger {
            timing: Timing::PhaseEnd,
            can_trigger: after_drawing,
            ask: Ask::Custom(ask_exchange),
            on_trigger: exchange,
        },
        Trigger {
            timing: Timing::TurnStart,
            can_trigger: his_turn_starts,
            ask: Ask::Never,
            on_trigger: lift_marks,
        },
        Trigger {
            timing: Timing::Death,
            can_trigger: he_died,
            ask: Ask::Never,
            on_trigger: lift_marks,
        },
    ],
    step: Some(step),
    ..SkillDef::named(
        SkillId::Qixing,
        "七星",
        "Qixing",
        "你的起始手牌数+7。分发起始手牌后，你将其中七张扣置于武将牌旁，称为“星”。摸牌阶段结束时，你可以将至少一张手牌与等量的“星”交换。",
        "Your starting hand is 7 cards larger. After the starting hands are dealt, set 7 of them aside face down on your general as Stars. At the end of your draw phase, you may exchange at least one hand card with as many Stars.",
    )
};

fn stars(game: &Game, owner: Seat) -> &[CardId] {
    game.pile(owner, SkillId::Qixing)
}

fn cause() -> PromptKind {
    PromptKind::Choose {
        cause: Cause::Skill(SkillId::Qixing),
    }
}

/// The +7, then the choice of the 7 stars (frame step 0).
fn deal_stars(game: &mut Game, owner: Seat, _: &mut TimingData, _: &Action) -> Option<Frame> {
    game.draw(owner, STARS);
    Some(Frame::Skill(SkillFrame::new(SkillId::Qixing, owner)))
}

fn after_drawing(game: &Game, owner: Seat, data: &TimingData) -> bool {
    matches!(data, TimingData::Phase { seat, phase: Phase::Draw } if *seat == owner)
        && !stars(game, owner).is_empty()
        && !game.hand(owner).is_empty()
}

/// Which stars to take (passing: no exchange).
fn ask_exchange(game: &Game, owner: Seat, _: &TimingData) -> Option<(PromptKind, Choices)> {
    let stars = stars(game, owner);
    let most = stars.len().min(game.hand(owner).len()) as u8;
    Some((
        cause(),
        Choices::Cards {
            from: stars.to_vec(),
            min: 1,
            max: most,
            can_pass: true,
        },
    ))
}

fn exchange(_: &mut Game, owner: Seat, _: &mut TimingData, action: &Action) -> Option<Frame> {
    let Action::Cards { cards } = action else {
        return None;
    };
    let mut frame = SkillFrame::new(SkillId::Qixing, owner);
    frame.cards = cards.clone();
    frame.step = 2;
    Some(Frame::Skill(frame))
}

/// 狂风's and 大雾's marks.
const STAR_MARKS: [MarkId; 2] = [
    MarkId::Skill(SkillId::Kuangfeng),
    MarkId::Skill(SkillId::Dawu),
];

fn anyone_marked(game: &Game) -> bool {
    (0..game.seat_count()).any(|i| STAR_MARKS.iter().any(|m| game.mark(Seat(i as u8), *m) > 0))
}

fn his_turn_starts(game: &Game, owner: Seat, data: &TimingData) -> bool {
    matches!(data, TimingData::Turn { seat } if *seat == owner) && anyone_marked(game)
}

fn he_died(game: &Game, owner: Seat, data: &TimingData) -> bool {
    matches!(data, TimingData::Death { seat, .. } if *seat == owner) && anyone_marked(game)
}

fn lift_marks(game: &mut Game, _: Seat, _: &mut TimingData, _: &Action) -> Option<Frame> {
    for i in 0..game.seat_count() {
        for mark in STAR_MARKS {
            if game.mark(Seat(i as u8), mark) > 0 {
                game.set_mark(Seat(i as u8), mark, 0, Visibility::Public);
            }
        }
    }
    None
}

fn step(game: &mut Game, frame: &mut SkillFrame) -> Step {
    let owner = frame.owner;
    match frame.step {
        // Set 7 aside.
        0 => {
            let hand = game.hand(owner).to_vec();
            if hand.len() <= STARS {
                game.move_to_pile(&hand, owner, SkillId::Qixing, Visibility::Owner);
                return Step::Done;
            }
            frame.step = 1;
            Step::ask(Prompt::new(
                owner,
                cause(),
                Choices::Cards {
                    from: hand,
                    min: STARS as u8,
                    max: STARS as u8,
                    can_pass: false,
                },
            ))
        }
        1 => {
            let chosen = match game.take_answer() {
                Some((_, Action::Cards { cards })) => cards,
                _ => game.hand(owner)[..STARS].to_vec(),
            };
            game.move_to_pile(&chosen, owner, SkillId::Qixing, Visibility::Owner);
            Step::Done
        }
        // The exchange: as many hand cards (not the stars just named) go back.
        2 => {
            frame.step = 3;
            let from: Vec<CardId> = game.hand(owner).to_vec();
            let n = frame.cards.len().min(from.len()) as u8;
            Step::ask(Prompt::new(
                owner,
                cause(),
                Choices::Cards {
                    from,
                    min: n,
                    max: n,
                    can_pass: false,
                },
            ))
        }
        _ => {
            let Some((_, Action::Cards { cards: back })) = game.take_answer() else {
                return Step::Done;
            };
            let taken: Vec<CardId> = frame
                .cards
                .iter()
                .copied()
                .filter(|c| {
                    game.table.zone_of(*c)
                        == (Zone::Pile {
                            owner,
                            skill: SkillId::Qixing,
                        })
                })
                .take(back.len())
                .collect();
            game.move_cards(&taken, Zone::Hand(owner));
            game.move_to_pile(&back, owner, SkillId::Qixing, Visibility::Owner);
            Step::Done
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::action::Action;
    use crate::card::CardKind::*;
    use crate::card::Suit;
    use crate::config::GameConfig;
    use crate::event::Event;
    use crate::game::Game;
    use crate::ids::{GeneralId, MarkId, SkillId};
    use crate::prompt::{Choices, Phase, PromptKind};
    use crate::ruleset::Ruleset;
    use crate::scenario::{CardSpec, MarkSpec, PileSpec};
    use crate::seat::Role::*;
    use crate::seat::Seat;
    use crate::testing::{cards, seat, table, table160, with_pack, Check};
    use crate::zone::Visibility;

    fn act(game: &mut Game, seat: Seat, action: Action, events: &mut Vec<Event>) {
        match game.act(seat, action) {
            Ok(e) => events.extend(e.0),
            Err(e) => panic!("{e}"),
        }
    }

    #[test]
    fn w_qixing_1_2_seven_more_cards_set_aside_as_hidden_stars() {
        let mut ruleset = Ruleset::standard();
        ruleset.generals = vec!["god".to_string()];
        let mut config = GameConfig::new(2, ruleset);
        config.seat_generals = vec![Some(GeneralId::ShenZhugeliang), Some(GeneralId::ShenGuanyu)];
        let mut game = match Game::new(config, 5) {
            Ok(game) => game,
            Err(e) => panic!("{e}"),
        };
        let mut events = game.take_events().0;
        while let Some(p) = game.prompts().first().cloned() {
            if p.kind != PromptKind::ChooseKingdom {
                break;
            }
            act(&mut game, p.seat, Action::Option { index: 0 }, &mut events);
        }
        // 4 + 7 in hand, 7 to set aside.
        let me = Seat(0);
        let hand = game.hand(me).to_vec();
        assert_eq!(hand.len(), 11);
        let prompt = game.prompts()[0].clone();
        assert_eq!(prompt.seat, me);
        assert!(matches!(
            prompt.choices,
            Choices::Cards { min: 7, max: 7, .. }
        ));
        act(
            &mut game,
            me,
            Action::Cards {
                cards: hand[..7].to_vec(),
            },
            &mut events,
        );
        assert_eq!(game.hand(me).len(), 4);
        let stars = game.pile(me, SkillId::Qixing).to_vec();
        assert_eq!(stars.len(), 7);
        // W-QIXING-1: the other seat sees the count, never an id.
        let other = crate::game::Events(events.clone()).for_viewer(Some(Seat(1)));
        let named = serde_json::to_string(&other).unwrap_or_default();
        let view = game.view(Seat(1));
        assert_eq!(view.seats[0].piles[0].count, 7);
        let view_json = serde_json::to_string(&view.seats[0].piles).unwrap_or_default();
        for star in &stars {
            let id = format!("\"cards\":[{}", star.0);
            assert!(!view_json.contains(&id));
            let _ = &named;
        }
        assert!(!other.iter().any(
            |e| matches!(e, Event::CardsMoved { to: crate::zone::Zone::Pile { .. }, cards, .. }
            if cards.iter().any(|c| c.is_some()))
        ));
    }

    fn stars(n: usize) -> Vec<PileSpec> {
        vec![PileSpec {
            skill: SkillId::Qixing,
            visibility: Visibility::Owner,
            cards: cards(&vec![Jink; n]),
        }]
    }

    #[test]
    fn w_qixing_2_after_the_draw_he_exchanges_hand_cards_for_stars() {
        let mut s = with_pack(table(&[Lord, Rebel]), "god");
        s.phase = Phase::Draw;
        seat(&mut s, 0).general = GeneralId::ShenZhugeliang;
        seat(&mut s, 0).piles = stars(2);
        s.draw_pile_top = vec![
            CardSpec::exact(Slash, Suit::Spade, 7),
            CardSpec::exact(Slash, Suit::Spade, 8),
        ];
        let mut c = Check::new(s);
        let Choices::Cards { from, .. } = c.prompt(0).choices.clone() else {
            panic!("{:?}", c.prompt(0));
        };
        c.act(
            0,
            Action::Cards {
                cards: vec![from[0]],
            },
        );
        let hand = c.game.hand(Seat(0)).to_vec();
        let back = hand[0];
        c.act(0, Action::Cards { cards: vec![back] });
        assert_eq!(c.hand(0), vec![Slash, Jink]);
        assert!(c.game.pile(Seat(0), SkillId::Qixing).contains(&back));
        c.assert_conserved();
    }

    fn mark(id: SkillId) -> Vec<MarkSpec> {
        vec![MarkSpec {
            mark: MarkId::Skill(id),
            count: 1,
            visibility: Visibility::Public,
        }]
    }

    /// Seat 0 slashes seat 1 (marked with `marked`) with `slash`; 神诸葛亮 sits at seat 2.
    fn slash_marked(slash: CardSpec, marked: SkillId) -> Check {
        let mut s = with_pack(table160(&[Lord, Rebel, Loyalist]), "god");
        seat(&mut s, 0).hand = vec![slash];
        seat(&mut s, 1).marks = mark(marked);
        seat(&mut s, 2).general = GeneralId::ShenZhugeliang;
        let mut c = Check::new(s);
        c.card(0, Slash, &[1]).pass(1);
        c
    }

    #[test]
    fn w_kuangfeng_1_fire_damage_to_the_marked_is_one_more() {
        let c = slash_marked(CardSpec::exact(Slash, Suit::Heart, 4), SkillId::Kuangfeng);
        assert_eq!(c.hp(1), 2);
        let c = slash_marked(CardSpec::exact(Slash, Suit::Spade, 7), SkillId::Kuangfeng);
        assert_eq!(c.hp(1), 3, "normal damage is not");
    }

    #[test]
    fn w_dawu_1_non_thunder_damage_to_the_marked_is_prevented() {
        let c = slash_marked(CardSpec::exact(Slash, Suit::Heart, 4), SkillId::Dawu);
        assert_eq!(c.hp(1), 4);
        assert!(!c.events.iter().any(|e| matches!(e, Event::Damaged { .. })));
        let c = slash_marked(CardSpec::exact(Slash, Suit::Spade, 4), SkillId::Dawu);
        assert_eq!(c.hp(1), 3, "thunder is not prevented");
    }

    #[test]
    fn w_kuangfeng_2_w_dawu_2_the_marks_last_until_his_next_turn_starts() {
        let mut s = with_pack(table(&[Lord, Rebel]), "god");
        seat(&mut s, 0).marks = mark(SkillId::Dawu);
        seat(&mut s, 1).general = GeneralId::ShenZhugeliang;
        seat(&mut s, 1).marks = mark(SkillId::Kuangfeng);
        let mut c = Check::new(s);
        c.pass(0);
        assert_eq!(c.game.turn().seat, Seat(1));
        assert_eq!(c.game.mark(Seat(0), MarkId::Skill(SkillId::Dawu)), 0);
        assert_eq!(c.game.mark(Seat(1), MarkId::Skill(SkillId::Kuangfeng)), 0);
    }

    #[test]
    fn w_kuangfeng_1_w_dawu_1_stars_spent_at_the_end_phase_mark_publicly() {
        let mut s = with_pack(table(&[Lord, Rebel, Loyalist]), "god");
        seat(&mut s, 0).general = GeneralId::ShenZhugeliang;
        seat(&mut s, 0).piles = stars(3);
        let mut c = Check::new(s);
        c.pass(0);
        // Both skills fire at the end phase's start: he orders them (狂风 first).
        assert!(c.is_asked(0, |k| *k == PromptKind::OrderSkills));
        c.skill(0, SkillId::Kuangfeng);
        let star = c.game.pile(Seat(0), SkillId::Qixing)[0];
        c.act(
            0,
            Action::Skill {
                skill: SkillId::Kuangfeng,
                cards: vec![star],
                targets: vec![Seat(1)],
            },
        );
        // 大雾: two stars, two characters.
        let two = c.game.pile(Seat(0), SkillId::Qixing).to_vec();
        c.act(0, Action::Cards { cards: two });
        c.act(
            0,
            Action::Seats {
                seats: vec![Seat(0), Seat(2)],
            },
        );
        assert!(c.game.pile(Seat(0), SkillId::Qixing).is_empty());
        assert_eq!(c.discard_pile().len(), 3);
        let public = c.seen_by(Some(1));
        let marks = public
            .iter()
            .filter(|e| matches!(e, Event::MarkChanged { count: 1, .. }))
            .count();
        assert_eq!(marks, 3);
    }
}
