import { useMutation } from '@tanstack/react-query';
import type { CreateFeedback, FeedbackCreated } from '@gridlens/contract/feedback';
import { api } from './api-client';

export const useSendFeedback = () =>
  useMutation({ mutationFn: (feedback: CreateFeedback) => api.post<FeedbackCreated>('/api/feedback', feedback) });
