//! 攻心 Gongxin — 神吕蒙 [阶段技].
//!
//! 出牌阶段限一次，你可以观看一名其他角色的手牌，然后你可以展示其中的一张红桃牌，选择一项：弃置之；或将之置于牌堆顶。
//! Once per play phase, you may look at another character's hand; you may then show one ♥ card
//! in it and either discard it or put it on top of the draw pile.
//!
//! W-GONGXIN-1: the target is another character with a hand card; its hand is shown to him alone
//! (no other seat's stream names those cards), and he is asked for a ♥ card even when there is
//! none (the others see who is asked). Choosing no ♥ card is allowed. The chosen card is
//! shown to everyone; put on the draw pile it is the next card drawn or judged, face up.
//! W-GONGXIN-OLD ("once per turn") is read as once per play phase (ruling O-5).

use crate::action::Action;
use crate::card::{CardId, Suit};
use crate::def::skill::{Active, Limit, SkillDef, SkillFrame};
use crate::event::Known;
use crate::game::Game;
use crate::ids::SkillId;
use crate::prompt::{Cause, Choices, Prompt, PromptKind};
use crate::resolve::Step;
use crate::seat::Seat;
use crate::zone::Zone;

pub static DEF: SkillDef = SkillDef {
    active: Some(Active { can_use }),
    active_targets: Some(targets),
    limit: Some(Limit::ONCE_PER_PHASE),
    step: Some(step),
    ..SkillDef::named(
        SkillId::Gongxin,
        "攻心",
        "Gongxin",
        "出牌阶段限一次，你可以观看一名其他角色的手牌，然后你可以展示其中的一张红桃牌，选择一项：弃置之；或将之置于牌堆顶。",
        "Once per play phase, you may look at another character's hand; you may then show a Heart card in it and either discard it or put it on top of the draw pile.",
    )
};

fn can_use(game: &Game, owner: Seat) -> bool {
    !targets(game, owner).is_empty()
}

fn targets(game: &Game, owner: Seat) -> Vec<Vec<Seat>> {
    game.order_from(owner)
        .into_iter()
        .filter(|s| *s != owner && !game.hand(*s).is_empty())
        .map(|s| vec![s])
        .collect()
}

/// The option that discards the shown card; the other puts it on the draw pile.
const DISCARD: u8 = 0;

fn cause() -> PromptKind {
    PromptKind::Choose {
        cause: Cause::Skill(SkillId::Gongxin),
    }
}

fn step(game: &mut Game, frame: &mut SkillFrame) -> Step {
    let owner = frame.owner;
    let Some(&target) = frame.seats.first() else {
        return Step::Done;
    };
    match frame.step {
        // He looks at the hand, and may choose a ♥ card of it.
        0 => {
            game.invoke(owner, SkillId::Gongxin, vec![target]);
            let hand = game.hand(target).to_vec();
            game.show_cards(target, &hand, Known::Seats(vec![owner]));
            let hearts: Vec<CardId> = hand
                .into_iter()
                .filter(|c| game.card(*c).suit == Suit::Heart)
                .collect();
            // Asked even with no ♥ card to choose (only passing then): whether he is asked must
            // not tell the table what the hand holds.
            frame.step = 1;
            Step::ask(Prompt::new(
                owner,
                cause(),
                Choices::Cards {
                    from: hearts,
                    min: 1,
                    max: 1,
                    can_pass: true,
                },
            ))
        }
        // Shown to all; discard it or put it on top?
        1 => {
            let Some((_, Action::Cards { cards })) = game.take_answer() else {
                return Step::Done;
            };
            let Some(&card) = cards.first() else {
                return Step::Done;
            };
            game.show_cards(target, &[card], Known::All);
            frame.cards = vec![card];
            frame.step = 2;
            Step::ask(Prompt::new(
                owner,
                cause(),
                Choices::actions(vec![
                    Action::Option { index: DISCARD },
                    Action::Option { index: 1 },
                ]),
            ))
        }
        _ => {
            let index = match game.take_answer() {
                Some((_, Action::Option { index })) => index,
                _ => DISCARD,
            };
            let card = frame.cards.clone();
            if game.table.zone_of(card[0]) != Zone::Hand(target) {
                return Step::Done;
            }
            if index == DISCARD {
                game.discard(&card);
            } else {
                game.move_cards_shown(&card, Zone::DrawPile);
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
    use crate::event::Event;
    use crate::ids::{GeneralId, SkillId};
    use crate::prompt::Choices;
    use crate::scenario::CardSpec;
    use crate::seat::Role::*;
    use crate::seat::Seat;
    use crate::testing::{cards, seat, table, with_pack, Check};

    /// 神吕蒙 (seat 0) uses 攻心 on seat 1, who holds a ♥ 桃 and a ♠ 杀.
    fn gongxin() -> Check {
        let mut s = with_pack(table(&[Lord, Rebel, Loyalist]), "god");
        seat(&mut s, 0).general = GeneralId::ShenLvmeng;
        seat(&mut s, 1).hand = vec![
            CardSpec::exact(Peach, Suit::Heart, 3),
            CardSpec::exact(Slash, Suit::Spade, 7),
        ];
        seat(&mut s, 2).hand = cards(&[Jink]);
        let mut c = Check::new(s);
        c.act(
            0,
            Action::Skill {
                skill: SkillId::Gongxin,
                cards: Vec::new(),
                targets: vec![Seat(1)],
            },
        );
        c
    }

    fn shown_to(c: &Check, viewer: u8) -> usize {
        c.seen_by(Some(viewer))
            .iter()
            .filter_map(|e| match e {
                Event::CardsShown { cards, .. } => Some(cards.iter().flatten().count()),
                _ => None,
            })
            .sum()
    }

    #[test]
    fn w_gongxin_1_the_hand_is_shown_to_him_alone_and_a_heart_goes_on_top() {
        let mut c = gongxin();
        assert_eq!(shown_to(&c, 0), 2);
        assert_eq!(shown_to(&c, 2), 0);
        let Choices::Cards { from, can_pass, .. } = c.prompt(0).choices.clone() else {
            panic!("{:?}", c.prompt(0));
        };
        assert!(can_pass);
        assert_eq!(from.len(), 1, "only the ♥ card");
        c.act(
            0,
            Action::Cards {
                cards: from.clone(),
            },
        );
        // Now shown to everyone.
        assert_eq!(shown_to(&c, 2), 1);
        c.act(0, Action::Option { index: 1 });
        assert_eq!(c.game.table().draw_pile.last(), Some(&from[0]));
        assert_eq!(c.hand(1), vec![Slash]);
        // Once per play phase.
        assert!(!c.allows(
            0,
            &Action::Skill {
                skill: SkillId::Gongxin,
                cards: Vec::new(),
                targets: vec![Seat(2)],
            }
        ));
        c.assert_conserved();
    }

    #[test]
    fn w_gongxin_1_he_may_choose_no_card_or_discard_it() {
        let mut c = gongxin();
        c.pass(0);
        assert_eq!(c.hand(1).len(), 2);
        let mut c = gongxin();
        let Choices::Cards { from, .. } = c.prompt(0).choices.clone() else {
            panic!();
        };
        c.act(0, Action::Cards { cards: from });
        c.act(0, Action::Option { index: 0 });
        assert_eq!(c.discard_pile(), vec![Peach]);
    }
}
