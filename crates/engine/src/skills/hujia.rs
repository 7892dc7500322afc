//! 护驾 Hujia — 曹操.
//!
//! 主公技，当你需要使用或打出【闪】时，你可以令其他魏势力角色选择是否打出一张【闪】（视为由你使用或打出）。
//! Lord skill: when you need to use or play a 闪, you may ask the other Wei characters, in seat
//! order, whether to play a 闪 for you; if one does, it counts as used or played by you.
//!
//! Offered beside 曹操's own cards whenever a 闪 is asked of him (a `Provider`), once per request.
//! Each other living Wei character, in seat order from 曹操, is asked in turn as if a 闪 were
//! asked of them (so their own conversions and 八卦阵 work); each may decline. The first one
//! given ends it.

use crate::card::CardKind;
use crate::def::skill::{Provider, SkillDef, SkillFrame, Tags};
use crate::game::Game;
use crate::ids::SkillId;
use crate::prompt::Cause;
use crate::resolve::{Frame, Reply, RespondFrame, RespondMode, Step};
use crate::seat::{Kingdom, Seat};

pub static DEF: SkillDef = SkillDef {
    tags: Tags {
        lord: true,
        ..Tags::NONE
    },
    provider: Some(Provider {
        kind: CardKind::Jink,
        can_provide,
    }),
    step: Some(step),
    ..SkillDef::named(
        SkillId::Hujia,
        "护驾",
        "Hujia",
        "主公技，当你需要使用或打出【闪】时，你可以令其他魏势力角色选择是否打出一张【闪】（视为由你使用或打出）。",
        "Lord skill: when you need to use or play a Jink, you may ask the other Wei characters, in seat order, to play one for you.",
    )
};

const ASK: u8 = 0;
const ANSWERED: u8 = 1;

/// The other living Wei characters, in seat order from `owner`.
fn wei(game: &Game, owner: Seat) -> Vec<Seat> {
    game.order_from(owner)
        .into_iter()
        .filter(|s| *s != owner && game.seat(*s).kingdom == Kingdom::Wei)
        .collect()
}

fn can_provide(game: &Game, owner: Seat, _: Option<usize>) -> bool {
    !wei(game, owner).is_empty()
}

/// Asks the next Wei character; replies `Responded(true)` as soon as one gives a 闪.
fn step(game: &mut Game, frame: &mut SkillFrame) -> Step {
    if frame.step == ANSWERED {
        if game.take_reply() == Reply::Responded(true) {
            game.reply = Reply::Responded(true);
            return Step::Done;
        }
        frame.n += 1;
    }
    if frame.step == ASK && frame.n == 0 {
        frame.seats = wei(game, frame.owner);
    }
    frame.step = ANSWERED;
    while let Some(&helper) = frame.seats.get(frame.n as usize) {
        if game.is_alive(helper) {
            return Step::Push(Frame::Respond(
                RespondFrame::new(
                    helper,
                    CardKind::Jink,
                    RespondMode::Play,
                    Cause::Skill(SkillId::Hujia),
                )
                .answering(None, Some(frame.owner)),
            ));
        }
        frame.n += 1;
    }
    game.reply = Reply::Responded(false);
    Step::Done
}

#[cfg(test)]
mod tests {
    use crate::card::CardKind::{self, *};
    use crate::card::Suit;
    use crate::event::Event;
    use crate::ids::GeneralId;
    use crate::ids::SkillId;
    use crate::prompt::{Cause, PromptKind};
    use crate::scenario::CardSpec;
    use crate::seat::{Role, Role::*, Seat};
    use crate::testing::{cards, seat, table, Check};

    /// Seat 1 (current) slashes 曹操 at seat 0. Seats 2 (司马懿) and 3 (甄姬) are Wei.
    fn slashed(caocao_role: Role, two: &[CardKind], three: &[CardKind]) -> Check {
        let roles = if caocao_role == Lord {
            [Lord, Rebel, Loyalist, Renegade]
        } else {
            [caocao_role, Lord, Loyalist, Renegade]
        };
        let mut s = table(&roles);
        s.current = Some(Seat(1));
        seat(&mut s, 0).general = GeneralId::Caocao;
        seat(&mut s, 1).hand = cards(&[Slash]);
        seat(&mut s, 2).general = GeneralId::Simayi;
        seat(&mut s, 2).hand = cards(two);
        seat(&mut s, 3).general = GeneralId::Zhenji;
        seat(&mut s, 3).hand = cards(three);
        let mut c = Check::new(s);
        c.card(1, Slash, &[0]);
        c
    }

    fn asked_for_jink(c: &Check, seat: u8) -> bool {
        c.is_asked(seat, |k| {
            matches!(
                k,
                PromptKind::Respond {
                    card: Jink,
                    cause: Cause::Skill(SkillId::Hujia),
                    from: Some(Seat(0)),
                    ..
                }
            )
        })
    }

    #[test]
    fn a_wei_character_gives_a_jink_for_the_lord() {
        let mut c = slashed(Lord, &[Jink], &[Duel]);
        c.skill(0, SkillId::Hujia);
        // In seat order: 司马懿 first; he declines although he holds a 闪.
        assert!(asked_for_jink(&c, 2));
        c.pass(2);
        // 甄姬 gives a black card as 闪 (倾国).
        assert!(asked_for_jink(&c, 3));
        let qingguo = c
            .find(3, |_, skill, _| skill == Some(SkillId::Qingguo))
            .expect("倾国");
        c.act(3, qingguo);
        assert_eq!(c.hp(0), 4);
        assert!(c.hand(3).is_empty());
        assert_eq!(c.hand(2), vec![Jink]);
        assert!(c.events.iter().any(|e| matches!(
            e,
            Event::CardPlayed { seat: Seat(3), card } if card.kind == Jink
        )));
        assert!(c.is_asked(1, |k| matches!(k, PromptKind::Play)));
        c.assert_conserved();
    }

    #[test]
    fn nobody_helps_then_he_may_still_answer_himself() {
        let mut c = slashed(Lord, &[Jink], &[]);
        c.skill(0, SkillId::Hujia).pass(2).pass(3);
        // Asked again for his own 闪, without 护驾 this time.
        assert!(c.is_asked(0, |k| matches!(k, PromptKind::Respond { card: Jink, .. })));
        assert!(!c.allows(
            0,
            &crate::action::Action::Skill {
                skill: SkillId::Hujia,
                cards: vec![],
                targets: vec![]
            }
        ));
        c.pass(0);
        assert_eq!(c.hp(0), 3);
    }

    #[test]
    fn a_helper_may_use_his_eight_diagram() {
        let mut s = table(&[Lord, Rebel, Loyalist]);
        s.current = Some(Seat(1));
        s.draw_pile_top = vec![CardSpec::exact(Peach, Suit::Heart, 3)];
        seat(&mut s, 0).general = GeneralId::Caocao;
        seat(&mut s, 1).hand = cards(&[Slash]);
        seat(&mut s, 2).general = GeneralId::Xuchu;
        seat(&mut s, 2).equip = cards(&[EightDiagram]);
        let mut c = Check::new(s);
        c.card(1, Slash, &[0]).skill(0, SkillId::Hujia);
        c.skill(2, SkillId::EightDiagram);
        assert_eq!(c.hp(0), 4);
    }

    #[test]
    fn only_as_lord() {
        let c = slashed(Rebel, &[Jink], &[Jink]);
        assert!(c.is_asked(0, |k| matches!(k, PromptKind::Respond { card: Jink, .. })));
        assert!(!c.allows(
            0,
            &crate::action::Action::Skill {
                skill: SkillId::Hujia,
                cards: vec![],
                targets: vec![]
            }
        ));
    }

    #[test]
    fn not_without_another_wei_character() {
        let mut s = table(&[Lord, Rebel]);
        s.current = Some(Seat(1));
        seat(&mut s, 0).general = GeneralId::Caocao;
        seat(&mut s, 1).hand = cards(&[Slash]);
        seat(&mut s, 1).general = GeneralId::Lvbu;
        let mut c = Check::new(s);
        c.card(1, Slash, &[0]);
        let prompt = c.prompt(0);
        assert_eq!(prompt.legal_actions(10), vec![crate::action::Action::Pass]);
    }
}
