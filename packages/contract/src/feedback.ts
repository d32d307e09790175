import { z } from 'zod';
import { endpoint } from './endpoint';
import { feedbackRoutes } from './routes/feedback';

export const FEEDBACK_MESSAGE_MAX = 2000;

/** POST /api/feedback: what the feedback widget sends. */
export const CreateFeedbackSchema = z
  .object({
    message: z.string().trim().min(1).max(FEEDBACK_MESSAGE_MAX),
    rating: z.number().int().min(1).max(5).nullable().optional(),
    page: z.string().max(500).describe('The path the user was on'),
  })
  .meta({ id: 'CreateFeedback' });
export type CreateFeedback = z.infer<typeof CreateFeedbackSchema>;

export const FeedbackCreatedSchema = z.object({ id: z.string(), created_at: z.string() }).meta({ id: 'FeedbackCreated' });
export type FeedbackCreated = z.infer<typeof FeedbackCreatedSchema>;

export const feedbackApi = {
  send: endpoint(feedbackRoutes.send, {
    tags: ['Feedback'],
    summary: 'Stores a message from the feedback widget',
    body: CreateFeedbackSchema,
    responses: { 201: FeedbackCreatedSchema },
  }),
};
