import { useMutation } from '@tanstack/react-query';
import type { CreateFeedback, feedbackApi } from '@gridlens/contract/feedback';
import { feedbackRoutes } from '@gridlens/contract/routes/feedback';
import { apiClient } from './api-client';

const feedback = apiClient<typeof feedbackApi>('feedback', feedbackRoutes);

export const useSendFeedback = () => useMutation({ mutationFn: (message: CreateFeedback) => feedback.send({ body: message }) });
