//! 激将 Jijiang — 刘备.
//!
//! 主公技，当你需要使用或打出【杀】时，你可以令其他蜀势力角色选择是否打出一张【杀】（视为由你使用或打出）。
//! Lord skill: when you need to use or play a Slash, you may ask the other Shu characters, in
//! seat order, to play one for you; the first who does gives it, and it counts as yours.
//!
//! Two ways in. When a 杀 is asked of him (决斗, 南蛮入侵) it stands in for his answer, like
//! 八卦阵 for a 闪. In his play phase it is an active skill that names the 杀's target first
//! (one `Action::Skill` per legal target, only while he may still use a 杀); if a Shu character
//! plays a 杀, 刘备 uses it on that target and it counts toward his one 杀 per phase. If every
//! Shu character declines in his play phase, he cannot try again this phase (QSanguosha's
//! `Global_JijiangFailed`; `docs/rulings.md`). Whoever gives the 杀 plays it (打出): the event
//! names them.

use crate::action::Action;
use crate::card::{CardKind, UsedCard};
use crate::def::skill::{Active, CardMode, Provider, SkillDef, SkillFrame, Tags};
use crate::event::Event;
use crate::game::Game;
use crate::ids::SkillId;
use crate::prompt::{Cause, Choices, Prompt, PromptKind};
use crate::resolve::respond::give;
use crate::resolve::{CardUse, Frame, Reply, RespondMode, Step, UseFrame};
use crate::seat::{Kingdom, Seat};

pub static DEF: SkillDef = SkillDef {
    tags: Tags {
        lord: true,
        ..Tags::NONE
    },
    active: Some(Active { can_use }),
    active_targets: Some(slash_targets),
    provider: Some(Provider {
        kind: CardKind::Slash,
        can_provide,
    }),
    step: Some(step),
    ..SkillDef::named(SkillId::Jijiang, "激将", "Jijiang", "主公技，当你需要使用或打出【杀】时，你可以令其他蜀势力角色选择是否打出一张【杀】（视为由你使用或打出）。", "Lord skill: when you need to use or play a Slash, you may ask the other Shu characters, in seat order, to play one for you.")
};

/// Steps of the frame. Answering a request: `ASK_FOR_ANSWER`, `GOT_ANSWER`. In the play phase:
/// `ASK_FOR_USE`, `GOT_USE`, `USED`.
const START: u8 = 0;
const ASK_FOR_ANSWER: u8 = 1;
const GOT_ANSWER: u8 = 2;
const ASK_FOR_USE: u8 = 11;
const GOT_USE: u8 = 12;
const USED: u8 = 13;

/// The other living Shu characters, in seat order after `owner`.
fn helpers(game: &Game, owner: Seat) -> Vec<Seat> {
    game.order_from(owner)
        .into_iter()
        .filter(|s| *s != owner && game.seat(*s).kingdom == Kingdom::Shu)
        .collect()
}

/// The 杀 as 刘备 would use it, before anyone has given one.
fn pending_slash() -> UsedCard {
    UsedCard {
        skill: Some(SkillId::Jijiang),
        ..UsedCard::virtual_card(CardKind::Slash)
    }
}

fn can_provide(game: &Game, owner: Seat, _: Option<usize>) -> bool {
    !helpers(game, owner).is_empty()
}

/// In the play phase: someone could answer, a 杀 may still be used, no failed try this phase.
fn can_use(game: &Game, owner: Seat) -> bool {
    game.turn.mark(SkillId::Jijiang) == 0
        && !helpers(game, owner).is_empty()
        && (game.card_def(CardKind::Slash).can_use)(game, owner, &pending_slash())
}

fn slash_targets(game: &Game, owner: Seat) -> Vec<Vec<Seat>> {
    let slash = pending_slash();
    game.order_from(owner)
        .into_iter()
        .filter(|t| game.can_target(owner, *t, &slash))
        .map(|t| vec![t])
        .collect()
}

/// `frame.seats`: in the play phase the 杀's target, then the Shu characters to ask; when
/// answering a request only the latter. `frame.n` is the next one to ask.
fn step(game: &mut Game, frame: &mut SkillFrame) -> Step {
    let owner = frame.owner;
    match frame.step {
        START if frame.seats.is_empty() => {
            frame.seats = helpers(game, owner);
            frame.step = ASK_FOR_ANSWER;
            Step::Again
        }
        START => {
            game.invoke(owner, SkillId::Jijiang, frame.seats.clone());
            frame.seats.truncate(1);
            frame.seats.extend(helpers(game, owner));
            frame.n = 1;
            frame.step = ASK_FOR_USE;
            Step::Again
        }
        ASK_FOR_ANSWER | ASK_FOR_USE => ask_next(game, frame),
        GOT_ANSWER => {
            let helper = frame.seats[frame.n as usize];
            match game.take_answer() {
                Some((_, Action::Card { cards, skill, .. })) => {
                    give(
                        game,
                        helper,
                        &cards,
                        skill,
                        CardKind::Slash,
                        RespondMode::Play,
                    );
                    game.reply = Reply::Responded(true);
                    Step::Done
                }
                _ => {
                    frame.n += 1;
                    frame.step = ASK_FOR_ANSWER;
                    Step::Again
                }
            }
        }
        GOT_USE => {
            let helper = frame.seats[frame.n as usize];
            let answer = game.take_answer();
            let Some((_, Action::Card { cards, skill, .. })) = answer else {
                frame.n += 1;
                frame.step = ASK_FOR_USE;
                return Step::Again;
            };
            let Some(played) = game.make_used_card(&cards, skill, Some(CardKind::Slash)) else {
                return Step::Done;
            };
            game.emit(Event::CardPlayed {
                seat: helper,
                card: played,
            });
            let faces: Vec<_> = cards.iter().map(|c| game.card(*c)).collect();
            let slash = UsedCard::converted(CardKind::Slash, &faces, Some(SkillId::Jijiang));
            game.turn.slashes_used += 1;
            game.turn.slash_in_play_phase = true;
            frame.step = USED;
            let target = frame.seats[0];
            Step::Push(Frame::Use(UseFrame::new(CardUse::new(
                owner,
                slash,
                vec![target],
            ))))
        }
        _ => Step::Done,
    }
}

/// Asks the next living Shu character for a 杀; when nobody is left, 激将 fails.
fn ask_next(game: &mut Game, frame: &mut SkillFrame) -> Step {
    let owner = frame.owner;
    let answering = frame.step == ASK_FOR_ANSWER;
    while let Some(&helper) = frame.seats.get(frame.n as usize) {
        if !game.is_alive(helper) {
            frame.n += 1;
            continue;
        }
        frame.step = if answering { GOT_ANSWER } else { GOT_USE };
        let mut actions =
            game.response_actions(helper, CardKind::Slash, CardMode::PlayInResponse, &[]);
        actions.push(Action::Pass);
        return Step::ask(Prompt::new(
            helper,
            PromptKind::Respond {
                card: CardKind::Slash,
                cause: Cause::Skill(SkillId::Jijiang),
                from: Some(owner),
                remaining: 1,
            },
            Choices::actions(actions),
        ));
    }
    if answering {
        game.reply = Reply::Responded(false);
    } else {
        game.turn.set_mark(SkillId::Jijiang, 1);
    }
    Step::Done
}

#[cfg(test)]
mod tests {
    use crate::action::Action;
    use crate::card::{CardKind, Color, Suit};
    use crate::event::Event;
    use crate::ids::GeneralId;
    use crate::ids::SkillId;
    use crate::prompt::{Cause, PromptKind};
    use crate::scenario::{CardSpec, Scenario};
    use crate::seat::{Role, Seat};
    use crate::testing::{cards, seat, table, Check};

    /// 刘备 the lord in seat 0, a rebel in seat 1, 关羽 in seat 2 and 张飞 in seat 3.
    fn shu_table() -> Scenario {
        let mut s = table(&[Role::Lord, Role::Rebel, Role::Loyalist, Role::Renegade]);
        seat(&mut s, 0).general = GeneralId::Liubei;
        seat(&mut s, 2).general = GeneralId::Guanyu;
        seat(&mut s, 3).general = GeneralId::Zhangfei;
        s
    }

    fn jijiang(targets: &[u8]) -> Action {
        Action::Skill {
            skill: SkillId::Jijiang,
            cards: Vec::new(),
            targets: targets.iter().map(|t| Seat(*t)).collect(),
        }
    }

    fn asked_by_jijiang(c: &Check, seat: u8) -> bool {
        c.is_asked(seat, |k| {
            matches!(
                k,
                PromptKind::Respond {
                    cause: Cause::Skill(SkillId::Jijiang),
                    ..
                }
            )
        })
    }

    /// Seat 1 uses 决斗 on 刘备, who holds nothing.
    fn duel_on_liubei(s: &mut Scenario) -> Check {
        seat(s, 1).hand = cards(&[CardKind::Duel]);
        s.current = Some(Seat(1));
        let mut c = Check::new(s.clone());
        c.card(1, CardKind::Duel, &[0]).pass_windows();
        c
    }

    #[test]
    fn a_shu_character_plays_the_slash_in_a_duel() {
        let mut s = shu_table();
        seat(&mut s, 3).hand = cards(&[CardKind::Slash]);
        let mut c = duel_on_liubei(&mut s);
        assert!(c.allows(0, &jijiang(&[])));
        c.act(0, jijiang(&[]));
        // Seat order after 刘备: 关羽 first; he declines, 张飞 gives.
        assert!(asked_by_jijiang(&c, 2));
        c.pass(2);
        assert!(asked_by_jijiang(&c, 3));
        c.card(3, CardKind::Slash, &[]);
        assert!(c.hand(3).is_empty());
        // Seat 1 has no 杀 and takes the damage, from 刘备.
        c.pass(1);
        assert_eq!(c.hp(1), 3);
        assert!(c.events.iter().any(|e| matches!(
            e,
            Event::Damaged {
                source: Some(Seat(0)),
                target: Seat(1),
                ..
            }
        )));
        c.assert_conserved();
    }

    #[test]
    fn declined_by_all() {
        let mut s = shu_table();
        seat(&mut s, 2).hand = cards(&[CardKind::Slash]);
        let mut c = duel_on_liubei(&mut s);
        c.act(0, jijiang(&[]));
        c.pass(2).pass(3);
        // Asked again, without 激将 this time.
        assert!(!c.allows(0, &jijiang(&[])));
        c.pass(0);
        assert_eq!(c.hp(0), 3);
        assert_eq!(c.hand(2), vec![CardKind::Slash]);
    }

    #[test]
    fn in_the_play_phase_liubei_uses_the_given_slash() {
        let mut s = shu_table();
        seat(&mut s, 0).hand = cards(&[CardKind::Slash]);
        seat(&mut s, 2).hand = vec![CardSpec::Kind {
            kind: CardKind::Peach,
            suit: Some(Suit::Heart),
            rank: None,
        }];
        let mut c = Check::new(s);
        // One action per legal 杀 target: seats 1 and 3 are in range, seat 2 is not.
        assert!(c.allows(0, &jijiang(&[1])));
        assert!(c.allows(0, &jijiang(&[3])));
        assert!(!c.allows(0, &jijiang(&[2])));
        c.act(0, jijiang(&[1]));
        // 关羽 gives a red card by 武圣.
        let wusheng = c
            .find(2, |_, skill, _| skill == Some(SkillId::Wusheng))
            .expect("武圣 answer");
        c.act(2, wusheng);
        assert!(c.events.iter().any(|e| matches!(e,
            Event::CardUsed { seat: Seat(0), card, targets }
                if card.kind == CardKind::Slash
                    && card.skill == Some(SkillId::Jijiang)
                    && card.color == Color::Red
                    && targets == &[Seat(1)]
        )));
        c.pass(1);
        assert_eq!(c.hp(1), 3);
        // It was his 杀 for this phase.
        assert!(!c.allows(0, &jijiang(&[1])));
        assert!(c.find_card(0, CardKind::Slash, &[1]).is_none());
        c.assert_conserved();
    }

    #[test]
    fn declined_in_the_play_phase_it_cannot_be_tried_again() {
        let mut s = shu_table();
        seat(&mut s, 0).hand = cards(&[CardKind::Slash]);
        let mut c = Check::new(s);
        c.act(0, jijiang(&[3]));
        c.pass(2).pass(3);
        assert!(!c.allows(0, &jijiang(&[3])));
        // His own 杀 is still available.
        c.card(0, CardKind::Slash, &[3]).pass(3);
        assert_eq!(c.hp(3), 3);
    }

    #[test]
    fn only_for_the_lord_and_only_with_shu_help() {
        // 刘备 as a rebel, in his own play phase.
        let mut s = shu_table();
        s.current = Some(Seat(0));
        seat(&mut s, 0).role = Role::Rebel;
        seat(&mut s, 1).role = Role::Lord;
        let c = Check::new(s);
        assert!(!c.allows(0, &jijiang(&[1])));

        // The lord, with no other Shu character at the table.
        let mut s = shu_table();
        seat(&mut s, 2).general = GeneralId::White;
        seat(&mut s, 3).general = GeneralId::Caocao;
        let c = Check::new(s);
        assert!(!c.allows(0, &jijiang(&[1])));
    }
}
