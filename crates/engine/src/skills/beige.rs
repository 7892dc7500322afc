//! 悲歌 Beige — 蔡文姬 (山; 国战 the same, H-SK-beige).
//!
//! 每当一名角色受到【杀】造成的伤害后，若其存活，你可以弃置一张牌，然后令其进行判定，若结果为：红桃，其回复1点体力；方块，其摸两张牌；梅花，伤害来源弃置两张牌；黑桃，伤害来源将其武将牌翻面。
//! After a character takes damage from a 杀, if it is alive, you may discard a card (hand or
//! equipped): it judges; ♥ it recovers 1 HP; ♦ it draws two cards; ♣ the damage source
//! discards two cards; ♠ the damage source turns its general over.
//!
//! The source's discards are its own choice among its hand and equipment (all it has if fewer);
//! the ♣ and ♠ results do nothing without a living source.

use crate::action::Action;
use crate::card::{CardId, Suit};
use crate::def::skill::{Ask, SkillDef, SkillFrame, Trigger};
use crate::game::Game;
use crate::ids::SkillId;
use crate::prompt::{Cause, Choices, Prompt, PromptKind};
use crate::resolve::{Frame, JudgeFrame, Step, Timing, TimingData};
use crate::seat::Seat;

pub static DEF: SkillDef = SkillDef {
    triggers: &[Trigger {
        timing: Timing::DamageTaken,
        can_trigger,
        ask: Ask::Custom(ask),
        on_trigger,
    }],
    step: Some(step),
    ..SkillDef::named(
        SkillId::Beige,
        "悲歌",
        "Beige",
        "每当一名角色受到【杀】造成的伤害后，若其存活，你可以弃置一张牌，然后令其进行判定，若结果为：红桃，其回复1点体力；方块，其摸两张牌；梅花，伤害来源弃置两张牌；黑桃，伤害来源将其武将牌翻面。",
        "After a character takes damage from a Slash, if it is alive, you may discard a card to have it judge: heart, it recovers 1 HP; diamond, it draws two; club, the source discards two cards; spade, the source turns over.",
    )
};

const JUDGE: u8 = 0;
const RESULT: u8 = 1;
const DISCARD: u8 = 2;

fn held(game: &Game, seat: Seat) -> Vec<CardId> {
    game.table().seats[seat.index()].held().collect()
}

fn can_trigger(game: &Game, owner: Seat, data: &TimingData) -> bool {
    matches!(data, TimingData::Damage(d) if d.is_by_slash() && game.is_alive(d.target))
        && !held(game, owner).is_empty()
}

fn cause() -> PromptKind {
    PromptKind::Choose {
        cause: Cause::Skill(SkillId::Beige),
    }
}

fn ask(game: &Game, owner: Seat, _: &TimingData) -> Option<(PromptKind, Choices)> {
    let choices = Choices::Cards {
        from: held(game, owner),
        min: 1,
        max: 1,
        can_pass: true,
    };
    Some((cause(), choices))
}

fn on_trigger(
    game: &mut Game,
    owner: Seat,
    data: &mut TimingData,
    action: &Action,
) -> Option<Frame> {
    let (TimingData::Damage(damage), Action::Cards { cards }) = (data, action) else {
        return None;
    };
    game.discard(cards);
    let mut frame = SkillFrame::new(SkillId::Beige, owner);
    // The judging character, then the source if any.
    frame.seats = std::iter::once(damage.target)
        .chain(damage.source)
        .collect();
    Some(Frame::Skill(frame))
}

fn step(game: &mut Game, frame: &mut SkillFrame) -> Step {
    let Some(&target) = frame.seats.first() else {
        return Step::Done;
    };
    let source = frame.seats.get(1).copied().filter(|s| game.is_alive(*s));
    match frame.step {
        JUDGE => {
            frame.step = RESULT;
            if !game.is_alive(target) {
                return Step::Done;
            }
            Step::Push(Frame::Judge(JudgeFrame::new(
                target,
                Cause::Skill(SkillId::Beige),
            )))
        }
        RESULT => {
            let Some(card) = game.take_judgment() else {
                return Step::Done;
            };
            frame.step = DISCARD;
            match card.suit {
                Suit::Heart if game.is_alive(target) => {
                    if game.is_wounded(target) {
                        game.recover(target, 1);
                    }
                    Step::Done
                }
                Suit::Diamond if game.is_alive(target) => {
                    game.draw(target, 2);
                    Step::Done
                }
                Suit::Spade => {
                    if let Some(source) = source {
                        game.turn_over(source);
                    }
                    Step::Done
                }
                Suit::Club => {
                    let Some(source) = source else {
                        return Step::Done;
                    };
                    let cards = held(game, source);
                    if cards.len() <= 2 {
                        game.discard(&cards);
                        return Step::Done;
                    }
                    Step::ask(Prompt::new(
                        source,
                        cause(),
                        Choices::Cards {
                            from: cards,
                            min: 2,
                            max: 2,
                            can_pass: false,
                        },
                    ))
                }
                _ => Step::Done,
            }
        }
        _ => {
            if let Some((_, Action::Cards { cards })) = game.take_answer() {
                game.discard(&cards);
            }
            Step::Done
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::action::Action;
    use crate::card::CardKind::{self, *};
    use crate::card::Suit;
    use crate::ids::SkillId;
    use crate::scenario::CardSpec;
    use crate::seat::{Role::*, Seat};
    use crate::testing::{cards, roster_check, seat, table, Check};

    /// Seat 0 slashes seat 1; 蔡文姬 (seat 2) discards her 闪 for 悲歌; the judgment is `suit`.
    fn caiwenji(suit: Suit, source_cards: &[CardKind]) -> Check {
        let mut s = table(&[Lord, Rebel, Loyalist]);
        let mut hand = vec![CardSpec::kind(Slash)];
        hand.extend(cards(source_cards));
        seat(&mut s, 0).hand = hand;
        seat(&mut s, 2).gained = vec![SkillId::Beige];
        seat(&mut s, 2).hand = cards(&[Jink]);
        let judge = match suit {
            Suit::Heart => CardSpec::exact(Peach, suit, 3),
            Suit::Diamond => CardSpec::exact(Jink, suit, 2),
            Suit::Club => CardSpec::exact(Nullification, suit, 12),
            Suit::Spade => CardSpec::exact(Nullification, suit, 11),
        };
        s.draw_pile_top = vec![judge, CardSpec::kind(Peach), CardSpec::kind(Duel)];
        let mut c = roster_check(s);
        c.card(0, Slash, &[1]).pass(1);
        let jink = c.hand_card(2, Jink);
        c.act(2, Action::Cards { cards: vec![jink] });
        c
    }

    #[test]
    fn h_sk_beige_heart_heals_the_damaged() {
        let c = caiwenji(Suit::Heart, &[]);
        assert_eq!(c.hp(1), 4);
    }

    #[test]
    fn h_sk_beige_diamond_draws_two() {
        let c = caiwenji(Suit::Diamond, &[]);
        assert_eq!(c.hand(1), vec![Peach, Duel]);
    }

    #[test]
    fn h_sk_beige_club_the_source_discards_two() {
        let mut c = caiwenji(Suit::Club, &[Jink, Peach, Duel]);
        let two = vec![c.hand_card(0, Jink), c.hand_card(0, Duel)];
        c.act(0, Action::Cards { cards: two });
        assert_eq!(c.hand(0), vec![Peach]);
    }

    #[test]
    fn h_sk_beige_spade_turns_the_source_over() {
        let c = caiwenji(Suit::Spade, &[]);
        assert!(c.game.is_turned_over(Seat(0)));
    }
}
