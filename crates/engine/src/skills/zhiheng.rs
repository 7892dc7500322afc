//! 制衡 Zhiheng — 孙权.
//!
//! 出牌阶段限一次，你可以弃置任意张牌，然后摸等量的牌。
//! Once per play phase, you may discard any number of cards, then draw that many.
//!
//! "Any number" is at least one, from the hand and/or the equipment area
//! (`generals-standard.md` §2). Choosing no card (`Pass`) cancels the skill without using it up.

use crate::action::Action;
use crate::card::CardId;
use crate::def::skill::{Active, Limit, SkillDef, SkillFrame, Tags};
use crate::game::Game;
use crate::ids::SkillId;
use crate::prompt::{Cause, Choices, Prompt, PromptKind};
use crate::resolve::Step;
use crate::seat::Seat;

pub static DEF: SkillDef = SkillDef {
    tags: Tags::NONE,
    limit: Some(Limit::ONCE_PER_PHASE),
    active: Some(Active { can_use }),
    step: Some(step),
    ..SkillDef::named(
        SkillId::Zhiheng,
        "制衡",
        "Zhiheng",
        "出牌阶段限一次，你可以弃置任意张牌，然后摸等量的牌。",
        "Once per play phase, you may discard any number of cards, then draw that many.",
    )
};

/// The owner's hand and equipment cards.
fn own_cards(game: &Game, owner: Seat) -> Vec<CardId> {
    let cards = &game.table.seats[owner.index()];
    cards.held().collect()
}

pub(crate) fn can_use(game: &Game, owner: Seat) -> bool {
    !own_cards(game, owner).is_empty()
}

fn step(game: &mut Game, frame: &mut SkillFrame) -> Step {
    balance(game, frame, SkillId::Zhiheng, u8::MAX)
}

/// One 制衡 of `skill`: discard one to `at_most` own cards, then draw that many (`at_most` is
/// unbounded here, the max HP in 国战's `zhiheng_heg`).
pub(crate) fn balance(
    game: &mut Game,
    frame: &mut SkillFrame,
    skill: SkillId,
    at_most: u8,
) -> Step {
    match frame.step {
        // Which cards?
        0 => {
            frame.step = 1;
            let from = own_cards(game, frame.owner);
            let max = (from.len() as u8).min(at_most);
            Step::ask(Prompt::new(
                frame.owner,
                PromptKind::Choose {
                    cause: Cause::Skill(skill),
                },
                Choices::Cards {
                    from,
                    min: 1,
                    max,
                    can_pass: true,
                },
            ))
        }
        // Discard them.
        1 => {
            let Some((_, Action::Cards { cards })) = game.take_answer() else {
                return Step::Done;
            };
            game.invoke(frame.owner, skill, Vec::new());
            frame.n = cards.len() as u8;
            game.discard(&cards);
            frame.step = 2;
            Step::Again
        }
        // Then draw as many.
        _ => {
            game.draw(frame.owner, frame.n as usize);
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
    use crate::scenario::CardSpec;
    use crate::seat::Role::*;
    use crate::testing::{cards, seat, table, Check};

    fn sunquan() -> Check {
        let mut s = table(&[Lord, Rebel]);
        seat(&mut s, 0).general = GeneralId::Sunquan;
        seat(&mut s, 0).hand = cards(&[Jink, Jink, Slash]);
        seat(&mut s, 0).equip = cards(&[Crossbow, Dilu]);
        s.draw_pile_top = cards(&[Peach, Peach, Peach, ExNihilo]);
        Check::new(s)
    }

    fn zhiheng() -> Action {
        Action::Skill {
            skill: SkillId::Zhiheng,
            cards: Vec::new(),
            targets: Vec::new(),
        }
    }

    #[test]
    fn discards_hand_and_equipment_then_draws_as_many() {
        let mut c = sunquan();
        c.act(0, zhiheng());
        let jink = c.hand_card(0, Jink);
        let crossbow = c.game.table().seats[0].equipment().next().unwrap();
        c.act(
            0,
            Action::Cards {
                cards: vec![jink, crossbow],
            },
        );
        assert_eq!(c.hand(0), vec![Jink, Slash, Peach, Peach]);
        assert_eq!(c.equipment(0), vec![Dilu]);
        assert!(c.is_asked(0, |k| matches!(k, crate::prompt::PromptKind::Play)));
        c.assert_conserved();
    }

    #[test]
    fn once_per_play_phase() {
        let mut c = sunquan();
        c.act(0, zhiheng());
        let slash = c.hand_card(0, Slash);
        c.act(0, Action::Cards { cards: vec![slash] });
        assert!(!c.allows(0, &zhiheng()));
    }

    #[test]
    fn passing_cancels_without_using_it_up() {
        let mut c = sunquan();
        c.act(0, zhiheng()).pass(0);
        assert_eq!(c.hand(0).len(), 3);
        assert!(c.allows(0, &zhiheng()));
        // At least one card must be chosen.
        c.act(0, zhiheng());
        assert!(!c.allows(0, &Action::Cards { cards: vec![] }));
    }

    #[test]
    fn not_offered_without_cards_or_outside_the_play_phase() {
        let mut s = table(&[Lord, Rebel]);
        seat(&mut s, 0).general = GeneralId::Sunquan;
        let c = Check::new(s);
        assert!(!c.allows(0, &zhiheng()));

        // In another seat's turn nothing offers it.
        let mut s = table(&[Lord, Rebel]);
        seat(&mut s, 1).general = GeneralId::Sunquan;
        seat(&mut s, 1).hand = vec![CardSpec::kind(Jink)];
        seat(&mut s, 0).hand = cards(&[Slash]);
        let mut c = Check::new(s);
        c.card(0, Slash, &[1]);
        assert!(!c.allows(1, &zhiheng()));
    }

    #[test]
    fn discarding_the_crossbow_brings_back_the_slash_limit() {
        let mut s = table(&[Lord, Rebel]);
        seat(&mut s, 0).general = GeneralId::Sunquan;
        seat(&mut s, 0).hand = cards(&[Slash, Slash]);
        seat(&mut s, 0).equip = cards(&[Crossbow]);
        seat(&mut s, 1).hand = cards(&[Jink]);
        s.draw_pile_top = cards(&[Peach]);
        let mut c = Check::new(s);
        c.card(0, Slash, &[1]).card(1, Jink, &[]);
        assert!(c.find_card(0, Slash, &[1]).is_some());
        let crossbow = c.game.table().seats[0].equipment().next().unwrap();
        c.act(0, zhiheng()).act(
            0,
            Action::Cards {
                cards: vec![crossbow],
            },
        );
        assert_eq!(c.hand(0), vec![Slash, Peach]);
        assert!(c.find_card(0, Slash, &[1]).is_none());
    }
}
